#!/usr/bin/env python3
"""Times `bulkhead imports` against `cat` and the seed's check-architecture script, side by side.

Every tool reads the same files of the same generated package, in the same run, interleaved, so
the machine's noise hits all of them alike. Prints medians, ratios and peak memory (maxrss).
Never run as a test: numbers are for people, not assertions.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.path.join(HERE, ".work")


def run(command, cwd=None, stdin=None):
    """Runs a command with output discarded; returns (seconds, peak resident KiB, status)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    return elapsed, usage.ru_maxrss, os.waitstatus_to_exitcode(status)


def generate(targets, name, extra_file_megabytes=0):
    folder = os.path.join(WORK, name)
    marker = os.path.join(folder, ".generated")
    if not os.path.exists(marker):
        subprocess.run(["rm", "-rf", folder], check=True)
        subprocess.run([sys.executable, os.path.join(HERE, "generate-package.py"), "--targets", str(targets), folder], check=True)
        if extra_file_megabytes:
            # One very large source: peak memory should follow it, not the package.
            path = os.path.join(folder, "Sources", "App", "AppModule0", "Huge.swift")
            with open(path, "w") as handle:
                handle.write("import Foundation\nlet table = [\n")
                line = "    " + ", ".join(str(n) for n in range(100)) + ",\n"
                for _ in range(extra_file_megabytes * 1024 * 1024 // len(line)):
                    handle.write(line)
                handle.write("]\n")
        open(marker, "w").close()
    # The generated package is the root of the runs timed on it: without a bulkhead.json of its
    # own, the search upward stops at this repository's and `check` times Bulkhead itself.
    configuration = os.path.join(folder, "bulkhead.json")
    if not os.path.exists(configuration):
        with open(configuration, "w") as handle:
            handle.write("{}\n")
    describe = os.path.join(folder, ".describe.json")
    if not os.path.exists(describe):
        with open(describe, "wb") as handle:
            subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=folder, stdout=handle, check=True)
    with open(describe) as handle:
        description = json.load(handle)
    files = sorted(
        os.path.join(target["path"], source)
        for target in description["targets"]
        for source in target.get("sources", [])
        if source.endswith(".swift")
    )
    size = sum(os.path.getsize(os.path.join(folder, f)) for f in files)
    return folder, describe, files, size


def median_of(samples):
    return statistics.median(samples)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--targets", type=int, default=400)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    arguments = parser.parse_args()
    os.makedirs(WORK, exist_ok=True)

    print("building bulkhead (release)…", flush=True)
    subprocess.run(["swift", "build", "-c", "release", "--product", "bulkhead"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip() + "/bulkhead"

    seed_source = os.path.join(arguments.shared, "peers", "check-architecture.swift")
    seed = os.path.join(WORK, "check-architecture")
    if not os.path.exists(seed) or os.path.getmtime(seed) < os.path.getmtime(seed_source):
        print("compiling the seed's check-architecture.swift with -O…", flush=True)
        subprocess.run(["swiftc", "-O", seed_source, "-o", seed], check=True)

    print(f"generating the benchmark package ({arguments.targets} targets)…", flush=True)
    folder, describe, files, size = generate(arguments.targets, f"Large-{arguments.targets}")
    print(f"  {len(files)} files, {size / 1e6:.1f} MB\n", flush=True)

    commands = {
        "cat": (["cat"] + files, None),
        "bulkhead imports FILES": ([binary, "imports", "--quiet"] + files, None),
        "seed check-architecture": ([seed], describe),
    }
    samples = {name: [] for name in commands}
    memory = {name: [] for name in commands}
    run(["cat"] + files, cwd=folder)  # warm the page cache
    for round_index in range(arguments.runs):
        for name, (command, stdin_path) in commands.items():
            if name.startswith("seed") and round_index >= 3:
                continue  # the seed takes seconds per run; three runs give a stable median
            stdin = open(stdin_path, "rb") if stdin_path else None
            seconds, peak, status = run(command, cwd=folder, stdin=stdin)
            if stdin:
                stdin.close()
            if status not in (0, 1):
                sys.exit(f"{name} failed with status {status}")
            samples[name].append(seconds)
            memory[name].append(peak)

    print(f"{'command':<28}{'median':>10}{'min':>10}{'peak RSS':>12}")
    for name in commands:
        print(f"{name:<28}{median_of(samples[name]) * 1000:>8.0f}ms{min(samples[name]) * 1000:>8.0f}ms{max(memory[name]) / 1024:>10.1f}MB")
    cat_time = median_of(samples["cat"])
    bulkhead_time = median_of(samples["bulkhead imports FILES"])
    seed_time = median_of(samples["seed check-architecture"])
    print()
    print(f"bulkhead / cat:            {bulkhead_time / cat_time:5.2f}x   (target: at most 3x)")
    print(f"seed / bulkhead:           {seed_time / bulkhead_time:5.1f}x   (target: at least 50x)")
    print(f"bulkhead throughput:       {size / bulkhead_time / 1e6:5.0f} MB/s")

    print("\npeak memory as the package grows (bulkhead imports FILES, median of 3):")
    scales = [(max(1, arguments.targets // 8), "small", 0), (arguments.targets, "large", 0), (arguments.targets, "large + one 40 MB file", 40)]
    for targets, label, extra in scales:
        name = f"Scale-{targets}" + (f"-huge{extra}" if extra else "")
        scale_folder, _, scale_files, scale_size = generate(targets, name, extra)
        peaks = sorted(run([binary, "imports", "--quiet"] + scale_files, cwd=scale_folder)[1] for _ in range(3))
        largest = max(os.path.getsize(os.path.join(scale_folder, f)) for f in scale_files)
        print(f"  {label:<24}{len(scale_files):>6} files {scale_size / 1e6:>7.1f} MB   largest file {largest / 1e6:>6.2f} MB   peak {peaks[1] / 1024:>6.1f} MB")


if __name__ == "__main__":
    main()
