#!/usr/bin/env python3
"""Times `bulkhead check --target NAME` (and `--exclude-tests`) against the whole `check` of the
same package in the same run, warm (caches filled) and with `--no-cache` (every source read), and
checks that the narrow run reports what the whole run reports for its target. Medians of
interleaved runs; the caches live in a folder of the benchmark's own.

    narrow-check-benchmark.sh PACKAGE TARGET [--binary PATH] [--runs N]

PACKAGE is copied to a temporary folder first, so a real repository is only read.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def run(command, cwd, env):
    start = time.monotonic()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    return time.monotonic() - start, done


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("package")
    parser.add_argument("target")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "bulkhead"))
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="bulkhead-narrow-")
    try:
        package = os.path.join(work, "package")
        shutil.copytree(arguments.package, package, symlinks=True, ignore=shutil.ignore_patterns(".build", ".git"))
        env = dict(os.environ, BULKHEAD_CACHE_DIR=os.path.join(work, "cache"))
        base = [arguments.binary, "check", "--quiet", "--format", "json"]
        commands = {
            "whole (warm)": base,
            f"--target {arguments.target} (warm)": base + ["--target", arguments.target],
            "--exclude-tests (warm)": base + ["--exclude-tests"],
            "whole --no-cache": base + ["--no-cache"],
            f"--target {arguments.target} --no-cache": base + ["--target", arguments.target, "--no-cache"],
        }
        _, whole = run(base, package, env)  # fills the caches
        _, narrow = run(base + ["--target", arguments.target], package, env)
        expected = [f for f in json.loads(whole.stdout)["findings"] if f.get("target") == arguments.target]
        got = [f for f in json.loads(narrow.stdout)["findings"] if f.get("target") is not None]
        print(f"{arguments.target}: {len(got)} findings; the whole run's for it: {len(expected)}; equal: {got == expected}\n")
        samples = {name: [] for name in commands}
        for _ in range(arguments.runs):
            for name, command in commands.items():
                samples[name].append(run(command, package, env)[0])
        medians = {name: statistics.median(values) for name, values in samples.items()}
        for name, seconds in medians.items():
            reference = medians["whole --no-cache" if "no-cache" in name else "whole (warm)"]
            print(f"{name:<45} {seconds * 1000:8.0f} ms  {seconds / reference:5.2f}× the whole run")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
