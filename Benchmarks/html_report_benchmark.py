#!/usr/bin/env python3
"""Measures issue 16's two big-graph promises on generated packages (generate-package.py):

- the HTML report of a 400-target package: its size, the time `bulkhead report` takes, and the
  time headless Chromium takes to open it, both as the page measures it (navigation to the end of
  its script, `data-ready-ms`) and as a wall clock around the whole browser run; the page must
  load with no script error and no blocked request. A screenshot is kept beside the page.
- a 124-target package drawn with `graph --collapse layer`, rendered by Graphviz to PNG: its
  pixel size, beside the uncollapsed drawing's.

Each generated folder gets a bulkhead.json (the `layers` preset's layout), so it is the root of
its runs. Writes under Benchmarks/.work/html (or --work); prints one line per figure.
"""
import argparse
import os
import re
import struct
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def generate(folder, targets):
    if os.path.exists(os.path.join(folder, "Package.swift")):
        return
    subprocess.run([sys.executable, os.path.join(HERE, "generate-package.py"), "--targets", str(targets),
                    "--files-per-target", "1", "--file-kilobytes", "1", folder], check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(folder, "bulkhead.json"), "w") as handle:
        handle.write('{ "preset": "layers" }\n')


def png_size(data):
    if data[12:16] != b"IHDR":
        raise SystemExit("dot did not write a PNG")
    return struct.unpack(">II", data[16:24])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bulkhead", help="the bulkhead binary (default: swift build's)")
    parser.add_argument("--work", default=os.path.join(HERE, ".work", "html"))
    arguments = parser.parse_args()
    binary = arguments.bulkhead or os.path.join(
        subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip(), "bulkhead")
    os.makedirs(arguments.work, exist_ok=True)
    environment = dict(os.environ, BULKHEAD_CACHE_DIR=os.path.join(arguments.work, "cache"))

    large = os.path.join(arguments.work, "Large-400")
    generate(large, 400)
    page = os.path.join(arguments.work, "architecture-400.html")
    start = time.monotonic()
    subprocess.run([binary, "report", "--quiet", "--output", page], cwd=large, env=environment, check=True)
    report_seconds = time.monotonic() - start
    print(f"400-target report: {os.path.getsize(page)} bytes, written in {report_seconds * 1000:.0f} ms (bulkhead report, warm or cold cache)")

    browser = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               f"--user-data-dir={arguments.work}/profile", "--host-resolver-rules=MAP * ~NOTFOUND", "--virtual-time-budget=5000"]
    start = time.monotonic()
    dumped = subprocess.run(browser + ["--dump-dom", "file://" + page], check=True, capture_output=True, text=True).stdout
    wall = time.monotonic() - start
    body = re.search(r"<body[^>]*>", dumped).group(0)
    ready = re.search(r'data-ready-ms="(\d+)"', body)
    errors = re.search(r'data-errors="([^"]*)"', body)
    if not ready or errors:
        raise SystemExit(f"the page did not load cleanly: {body}")
    print(f"400-target page in headless Chromium: ready {ready.group(1)} ms after navigation (the page's own clock); "
          f"the whole browser run {wall * 1000:.0f} ms (start-up included)")
    screenshot = os.path.join(arguments.work, "architecture-400.png")
    subprocess.run(browser + ["--window-size=1400,900", f"--screenshot={screenshot}", "file://" + page], check=True, capture_output=True)
    print(f"screenshot: {screenshot}")

    app = os.path.join(arguments.work, "App-124")
    generate(app, 124)
    for label, extra in (("uncollapsed", []), ("--collapse layer", ["--collapse", "layer"])):
        dot = subprocess.run([binary, "graph", "--quiet"] + extra, cwd=app, env=environment, check=True, capture_output=True).stdout
        png = subprocess.run(["dot", "-Tpng"], input=dot, check=True, capture_output=True).stdout
        width, height = png_size(png)
        print(f"124-target graph {label}: {dot.count(b' -> ')} DOT edges, PNG {width}x{height} px")


if __name__ == "__main__":
    main()
