#!/usr/bin/env python3
"""Scaling of `bulkhead imports` on hostile inputs: each case at 1x, 2x, 4x and 8x its base size,
with wall time and peak memory (maxrss of the child). Linear cases show time and memory about
doubling per row; a quadratic case would show them quadrupling.

Cases:
  elseif-chain     one #if with N #elseif clauses, an import in each (issue 10: 8,000 clauses)
  depth-x-imports  N imports inside 200 nested #if (issue 10: 200 deep, 200k imports)
  deep-condition   one #if condition nested N deep (reported as condition-too-deep)
  long-names       a file whose name is N 'a's matched against a*a*...b globs (bulkhead.json exclude)
  huge-file        a sparse file of N GiB next to a small one (reported as too large, not read)

    python3 Benchmarks/scaling.py [--bulkhead .build/release/bulkhead] [--cases elseif-chain,...]
Never a test: numbers are for people.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def run(command, cwd=None):
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    output_bytes = 0
    while True:
        chunk = process.stdout.read(1 << 20)
        if not chunk:
            break
        output_bytes += len(chunk)
    _, status, usage = os.wait4(process.pid, 0)
    return time.perf_counter() - start, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status), output_bytes


def elseif_chain(folder, scale):
    count = 1000 * scale
    path = os.path.join(folder, "chain.swift")
    with open(path, "w") as handle:
        handle.write("#if C0\nimport M0\n")
        for index in range(1, count):
            handle.write(f"#elseif C{index}\nimport M{index}\n")
        handle.write("#endif\n")
    return [path], f"{count} clauses"


def depth_times_imports(folder, scale):
    count = 25_000 * scale
    path = os.path.join(folder, "deep.swift")
    with open(path, "w") as handle:
        for depth in range(200):
            handle.write(f"#if D{depth}\n")
        handle.write("import M\n" * count)
        handle.write("#endif\n" * 200)
    return [path], f"200 deep, {count} imports"


def deep_condition(folder, scale):
    depth = 25_000 * scale
    path = os.path.join(folder, "condition.swift")
    with open(path, "w") as handle:
        handle.write("#if " + "(" * depth + "A" + ")" * depth + "\nimport X\n#endif\n")
    return [path], f"nested {depth} deep"


def huge_file(folder, scale):
    path = os.path.join(folder, "big.swift")
    with open(path, "wb") as handle:
        handle.truncate(scale * (1 << 30))
    small = os.path.join(folder, "small.swift")
    with open(small, "w") as handle:
        handle.write("import Foundation\n")
    return [path, small], f"sparse {scale} GiB + 1 small file"


def long_names(folder, scale):
    """`imports` on a folder whose one file has a long name; the glob cost shows in `check`
    elsewhere, so here we time the matcher through the configuration of a tiny package."""
    length = 2_000 * scale
    sources = os.path.join(folder, "Sources", "App")
    os.makedirs(sources, exist_ok=True)
    name = "a" * min(length, 200)
    with open(os.path.join(sources, name + ".swift"), "w") as handle:
        handle.write("import Foundation\n")
    with open(os.path.join(folder, "Package.swift"), "w") as handle:
        handle.write('// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: "P", targets: [.target(name: "App")])\n')
    globs = ["Sources/" + "a*" * 30 + f"b{index}" for index in range(length)]
    with open(os.path.join(folder, "bulkhead.json"), "w") as handle:
        json.dump({"exclude": globs}, handle)
    return None, f"{length} globs of 30 stars"


def suppressions(folder, scale):
    """`check` on a target with N undeclared imports, each suppressed on its own line: every
    finding looks its suppression up (quadratic when each searched the whole list)."""
    count = 10_000 * scale
    for target in ("App", "Other"):
        os.makedirs(os.path.join(folder, "Sources", target), exist_ok=True)
    with open(os.path.join(folder, "Sources", "Other", "Other.swift"), "w") as handle:
        handle.write("public let other = 1\n")
    with open(os.path.join(folder, "Sources", "App", "App.swift"), "w") as handle:
        handle.write("import Other // bulkhead:ignore undeclared-import - generated\n" * count)
    with open(os.path.join(folder, "Package.swift"), "w") as handle:
        handle.write('// swift-tools-version: 6.0\nimport PackageDescription\n'
                     'let package = Package(name: "P", targets: [.target(name: "App"), .target(name: "Other")])\n')
    return None, f"{count} suppressed findings"


CASES = {
    "elseif-chain": elseif_chain,
    "depth-x-imports": depth_times_imports,
    "deep-condition": deep_condition,
    "huge-file": huge_file,
    "long-names": long_names,
    "suppressions": suppressions,
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bulkhead", default=os.path.join(ROOT, ".build", "debug", "bulkhead"))
    parser.add_argument("--cases", default=",".join(CASES))
    arguments = parser.parse_args()
    if not os.path.exists(arguments.bulkhead):
        sys.exit(f"no bulkhead at {arguments.bulkhead}: run `swift build` first")
    print(f"{'case':<18}{'scale':>6}  {'input':<32}{'time':>9}{'peak RSS':>11}{'output':>11}  status")
    for name in arguments.cases.split(","):
        for scale in (1, 2, 4, 8):
            with tempfile.TemporaryDirectory(prefix="bulkhead-scaling-") as folder:
                files, label = CASES[name](folder, scale)
                if files is None:
                    command = [arguments.bulkhead, "check", "--package-path", folder, "--quiet"]
                else:
                    command = [arguments.bulkhead, "imports", "--quiet"] + files
                seconds, peak, status, output = run(command, cwd=folder)
                print(f"{name:<18}{scale:>5}x  {label:<32}{seconds:>8.2f}s{peak:>9.1f}MB{output / 1e6:>9.2f}MB  {status}", flush=True)


if __name__ == "__main__":
    main()
