#!/usr/bin/env python3
"""Loading a repository of many local packages: toolchain calls in parallel against one at a time.

Generates a repository of N local packages wired by `.package(path:)` (each package depends on
up to two earlier ones), then times `bulkhead graph --format json` on it with `--jobs 1` (serial
`swift package` calls) and with the default width, interleaved in the same run. SwiftPM caches
compiled manifests, so one warm-up run of each precedes the measured ones.
"""
import argparse
import os
import statistics
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.path.join(HERE, ".work")


def generate(count):
    repository = os.path.join(WORK, f"Repository-{count}")
    if os.path.exists(os.path.join(repository, ".generated")):
        return repository
    subprocess.run(["rm", "-rf", repository], check=True)
    for index in range(count):
        name = f"Package{index:02d}"
        folder = os.path.join(repository, name)
        dependencies = [f"Package{d:02d}" for d in (index - 1, index // 2) if 0 <= d < index]
        dependencies = sorted(set(dependencies))
        targets = []
        for kind in ("Models", "Services", "Feature"):
            target = f"{name}{kind}"
            uses = [f'.product(name: "{d}Kit", package: "{d}")' for d in dependencies] if kind == "Feature" else []
            if kind != "Models":
                uses.append(f'"{name}Models"')
            targets.append(f'        .target(name: "{target}", dependencies: [{", ".join(uses)}]),')
            os.makedirs(os.path.join(folder, "Sources", target), exist_ok=True)
            with open(os.path.join(folder, "Sources", target, f"{target}.swift"), "w") as handle:
                handle.write(f"public enum {target} {{}}\n")
        targets.append(f'        .testTarget(name: "{name}Tests", dependencies: ["{name}Feature"]),')
        os.makedirs(os.path.join(folder, "Tests", f"{name}Tests"), exist_ok=True)
        with open(os.path.join(folder, "Tests", f"{name}Tests", "Tests.swift"), "w") as handle:
            handle.write(f"import {name}Feature\n")
        package_dependencies = "".join(f'        .package(path: "../{d}"),\n' for d in dependencies)
        with open(os.path.join(folder, "Package.swift"), "w") as handle:
            handle.write(
                "// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(\n"
                f'    name: "{name}",\n'
                f'    products: [.library(name: "{name}Kit", targets: ["{name}Feature"])],\n'
                f"    dependencies: [\n{package_dependencies}    ],\n"
                "    targets: [\n" + "\n".join(targets) + "\n    ]\n)\n")
    open(os.path.join(repository, ".generated"), "w").close()
    return repository


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--packages", type=int, default=15)
    parser.add_argument("--runs", type=int, default=5)
    arguments = parser.parse_args()
    os.makedirs(WORK, exist_ok=True)
    subprocess.run(["swift", "build", "-c", "release", "--product", "bulkhead"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip() + "/bulkhead"
    repository = generate(arguments.packages)
    cores = os.cpu_count()
    variants = {
        "serial (--jobs 1)": [binary, "graph", "--format", "json", "--package-path", repository, "--jobs", "1"],
        f"parallel (default, {max(2, cores)} jobs)": [binary, "graph", "--format", "json", "--package-path", repository],
    }
    for command in variants.values():
        timed(command)  # warm SwiftPM's manifest cache
    samples = {name: [] for name in variants}
    for _ in range(arguments.runs):
        for name, command in variants.items():
            samples[name].append(timed(command))
    print(f"{arguments.packages} local packages, {arguments.packages * 2} toolchain calls, {cores} cores, median of {arguments.runs}:")
    for name, values in samples.items():
        print(f"  {name:<28}{statistics.median(values):6.2f} s   (min {min(values):.2f} s)")
    serial, parallel = (statistics.median(values) for values in samples.values())
    print(f"  speed-up                    {serial / parallel:6.2f}x")


if __name__ == "__main__":
    main()
