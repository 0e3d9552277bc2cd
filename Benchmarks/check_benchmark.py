#!/usr/bin/env python3
"""Times `bulkhead check` end to end on the large generated package, side by side with `cat`
over the same sources, `swift package describe` alone, and the seed's check-architecture script
(given the describe output it needs, and then with describe included, as it runs in CI).
`bulkhead check` runs twice per round: warm (its caches filled, nothing changed, as in a build
phase or a hook) and with `--no-cache` (one toolchain call, every source read). Its caches live
in a folder of the benchmark's own, never the user's.

The package is the one imports_benchmark.py generates (400 targets, ~118 MB, layered as
Sources/<Layer>/<Target>), checked with `--preset layers`. Medians of interleaved runs.
"""
import argparse
import os
import statistics
import subprocess
import sys

# The binary as `make install` and the artifact bundle ship it: on Linux with the Swift runtime
# linked statically, which also halves the process's start (no runtime libraries to bind).
SHIPPED = ["--static-swift-stdlib", "-Xswiftc", "-static-executable"] if sys.platform.startswith("linux") else []

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import imports_benchmark as shared  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--targets", type=int, default=400)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--shared", default=os.path.join(shared.ROOT, "..", "shared"))
    arguments = parser.parse_args()
    os.makedirs(shared.WORK, exist_ok=True)
    subprocess.run(["swift", "build", "-c", "release", "--product", "bulkhead"] + SHIPPED, cwd=shared.ROOT, check=True, stdout=subprocess.DEVNULL)
    binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"] + SHIPPED, cwd=shared.ROOT, check=True,
                            capture_output=True, text=True).stdout.strip() + "/bulkhead"
    seed = os.path.join(shared.WORK, "check-architecture")
    if not os.path.exists(seed):
        subprocess.run(["swiftc", "-O", os.path.join(arguments.shared, "peers", "check-architecture.swift"), "-o", seed], check=True)
    folder, describe, files, size = shared.generate(arguments.targets, f"Large-{arguments.targets}")
    print(f"{len(files)} files, {size / 1e6:.1f} MB, {arguments.targets} targets\n")

    commands = {
        "cat (all sources)": (["cat"] + files, None),
        "swift package describe": (["swift", "package", "describe", "--type", "json"], None),
        "bulkhead check (warm)": ([binary, "check", "--preset", "layers", "--quiet", "--format", "json"], None),
        "bulkhead check --no-cache": ([binary, "check", "--preset", "layers", "--quiet", "--format", "json", "--no-cache"], None),
        "seed script (given describe)": ([seed], describe),
    }
    samples = {name: [] for name in commands}
    os.environ["BULKHEAD_CACHE_DIR"] = os.path.join(shared.WORK, "check-benchmark-cache")
    shared.run(["cat"] + files, cwd=folder)
    shared.run(commands["bulkhead check (warm)"][0], cwd=folder)  # fills the caches
    for round_index in range(arguments.runs):
        for name, (command, stdin_path) in commands.items():
            if name.startswith("seed") and round_index >= 3:
                continue
            stdin = open(stdin_path, "rb") if stdin_path else None
            seconds, _, status = shared.run(command, cwd=folder, stdin=stdin)
            if stdin:
                stdin.close()
            if status not in (0, 1):
                sys.exit(f"{name} failed with status {status}")
            samples[name].append(seconds)
    medians = {name: statistics.median(values) for name, values in samples.items()}
    for name, value in medians.items():
        print(f"  {name:<32}{value * 1000:>8.0f} ms")
    seed_in_ci = medians["seed script (given describe)"] + medians["swift package describe"]
    print(f"  {'seed script incl. describe':<32}{seed_in_ci * 1000:>8.0f} ms")
    print()
    cold = medians["bulkhead check --no-cache"]
    print(f"bulkhead check warm / cat:            {medians['bulkhead check (warm)'] / medians['cat (all sources)']:6.2f}x")
    print(f"bulkhead check --no-cache / describe: {cold / medians['swift package describe']:6.2f}x")
    print(f"seed (incl. describe) / check --no-cache: {seed_in_ci / cold:6.1f}x")


if __name__ == "__main__":
    main()
