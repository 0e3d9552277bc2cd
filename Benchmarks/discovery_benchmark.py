#!/usr/bin/env python3
"""Times discovery (the walk that finds a repository's packages and Xcode projects) on a generated
tree of 40,000 files in 5,000 folders, beside `find` listing the same folders (one `readdir` per
folder: what the folders cost), in the same run.

The tree: 4 small packages at the top and a deep tree of folders of assets, scripts and sources
that hold no package, as real repositories have; one folder skipped by name (`node_modules`, with
a thousand folders of its own below it, which the walk must never enter). Bulkhead's figure is the
`discovery` phase `check --stats` prints, warm (its caches filled), median of the runs.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.path.join(HERE, ".work", "discovery")


def generate(folder, folders, files_per_folder):
    marker = os.path.join(folder, ".generated")
    if os.path.exists(marker):
        return
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    for index in range(4):
        package = os.path.join(folder, "Packages", f"Kit{index}")
        os.makedirs(os.path.join(package, "Sources", f"Kit{index}"))
        with open(os.path.join(package, "Package.swift"), "w") as handle:
            handle.write(f'// swift-tools-version: 5.9\nimport PackageDescription\n\nlet package = Package(name: "Kit{index}", '
                         f'targets: [.target(name: "Kit{index}")])\n')
        with open(os.path.join(package, "Sources", f"Kit{index}", "Kit.swift"), "w") as handle:
            handle.write("import Foundation\n")
    made = 0
    # Ten folders per level: 5,000 folders four levels deep, `files_per_folder` files each.
    queue = [os.path.join(folder, "Assets")]
    while made < folders:
        current = queue.pop(0)
        os.makedirs(current, exist_ok=True)
        for file_index in range(files_per_folder):
            extension = ("png", "json", "swift", "strings")[file_index % 4]
            open(os.path.join(current, f"item{file_index}.{extension}"), "w").close()
        made += 1
        queue += [os.path.join(current, f"group{child}") for child in range(10)]
    skipped = os.path.join(folder, "node_modules")
    for index in range(1000):
        os.makedirs(os.path.join(skipped, f"dependency{index}", "lib"))
    with open(os.path.join(folder, "bulkhead.json"), "w") as handle:
        handle.write("{}\n")
    open(marker, "w").close()


def run(command, cwd, environment=None):
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return time.perf_counter() - start, result.returncode, result.stderr


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--binary", help="the bulkhead to time (default: this repository's release build, made if missing)")
    parser.add_argument("--baseline", help="an earlier bulkhead to time in the same rounds")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary) if arguments.binary else os.path.join(ROOT, ".build", "release", "bulkhead")
    if not arguments.binary:
        subprocess.run(["swift", "build", "-c", "release", "--product", "bulkhead"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    binaries = {"bulkhead": binary}
    if arguments.baseline:
        binaries["baseline"] = arguments.baseline
    tree = os.path.join(WORK, "Tree")
    generate(tree, 5000, 8)
    counted_folders = sum(1 for _ in os.walk(tree)) - 1000 - 1000  # node_modules' folders are never walked
    counted_files = sum(len(names) for _, _, names in os.walk(tree))
    print(f"tree: {counted_files} files, {counted_folders} folders outside node_modules (+2,001 in it)")

    samples = {}
    environment = dict(os.environ)
    for label, path in binaries.items():
        environment["BULKHEAD_CACHE_DIR"] = os.path.join(WORK, "cache", label)
        run([path, "check", "--quiet"], tree, environment)  # the packages' graph cached
    for _ in range(arguments.runs):
        seconds, _, _ = run(["find", ".", "-name", "node_modules", "-prune", "-o", "-type", "d", "-print"], tree)
        samples.setdefault("find (every folder)", []).append(seconds)
        for label, path in binaries.items():
            environment["BULKHEAD_CACHE_DIR"] = os.path.join(WORK, "cache", label)
            seconds, status, error = run([path, "check", "--quiet", "--stats"], tree, environment)
            if status not in (0, 1):
                sys.exit(f"{label} failed with status {status}:\n{error}")
            found = re.search(r"discovery\D*?([\d.]+)\s*ms", error)
            if not found:
                sys.exit(f"no discovery figure in --stats of {label}:\n{error}")
            samples.setdefault(f"{label} discovery", []).append(float(found.group(1)) / 1000)
            samples.setdefault(f"{label} check (warm)", []).append(seconds)
    medians = {name: statistics.median(values) for name, values in samples.items()}
    for name, value in medians.items():
        print(f"  {name:<28}{value * 1000:>8.1f} ms")
    find = medians["find (every folder)"]
    for label in binaries:
        print(f"{label} discovery / find: {medians[f'{label} discovery'] / find:5.2f}x")


if __name__ == "__main__":
    main()
