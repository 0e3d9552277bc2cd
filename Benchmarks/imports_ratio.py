#!/usr/bin/env python3
"""`bulkhead imports --quiet FILES` against `cat FILES` for one or more binaries, in one run.

    python3 Benchmarks/imports_ratio.py FILE_LIST BINARY [BINARY …]     (RUNS=7 by default)

FILE_LIST holds one source path a line (e.g. `find GENERATED/Sources -name '*.swift' | sort`, the
package from generate-package.py). Runs are interleaved so the machine's noise hits every command
alike; prints medians and each command's ratio to `cat`. Numbers are for people, never asserted.
"""
import os
import statistics
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as handle:
        files = handle.read().split()
    commands = {"cat": ["cat"] + files}
    for binary in sys.argv[2:]:
        commands[binary] = [binary, "imports", "--quiet"] + files
    samples = {name: [] for name in commands}
    subprocess.run(commands["cat"], stdout=subprocess.DEVNULL)  # warm the page cache
    for _ in range(int(os.environ.get("RUNS", "7"))):
        for name, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            samples[name].append(time.perf_counter() - start)
    cat = statistics.median(samples["cat"])
    for name in commands:
        median = statistics.median(samples[name])
        print(f"{name:<40} {median * 1000:7.0f} ms  {median / cat:5.2f}x cat")


if __name__ == "__main__":
    main()
