#!/usr/bin/env python3
"""Times `bulkhead check` on the large generated package with and without a `source` section,
cold (`--no-cache`) and warm (a filled file cache), and prints the ratios: what the source rules
(identifier and declaration scanning) cost on top of the import scan.

The package is the one imports_benchmark.py generates (400 targets, ~118 MB, layered as
Sources/<Layer>/<Target>). Both configurations use the `layers` preset; the second adds source
rules shaped like a real app's in-module checks: identifiers forbidden in Features, declaration
shapes for `*ViewModel` and `*Repository`, an `@unchecked Sendable` budget and a public-import
budget. The four commands run interleaved in each round, so the machine's noise hits them alike;
medians are printed. Never run as a test: numbers are for people, not assertions.

    python3 Benchmarks/source_rules_benchmark.py [--runs 5] [--targets 400]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import imports_benchmark as shared  # noqa: E402

BASE = {"preset": "layers"}
SOURCE = {
    "forbiddenIdentifiers": [
        {"identifiers": ["URLSession", "Bundle.main", "UserDefaults.standard"], "layers": ["Features"],
         "message": "ask the repository"},
    ],
    "forbiddenImports": [{"modules": ["Networking", "*Data"], "paths": ["Sources/Features/**"]}],
    "declarations": [
        {"kinds": ["class"], "names": ["*ViewModel"], "require": ["final"]},
        {"names": ["*Repository"], "layers": ["Infrastructure"], "forbid": ["public", "open"]},
    ],
    "uncheckedSendable": [{"layers": ["Features"], "max": 0}, {"layers": ["Infrastructure"], "max": 3}],
    "publicImports": [{"max": 3}],
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--targets", type=int, default=400)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--binary", help="a bulkhead binary to time instead of this checkout's release build")
    arguments = parser.parse_args()
    os.makedirs(shared.WORK, exist_ok=True)
    binary = os.path.abspath(arguments.binary) if arguments.binary else None
    if not binary:
        subprocess.run(["swift", "build", "-c", "release", "--product", "bulkhead"], cwd=shared.ROOT, check=True, stdout=subprocess.DEVNULL)
        binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=shared.ROOT, check=True,
                                capture_output=True, text=True).stdout.strip() + "/bulkhead"
    folder, _, files, size = shared.generate(arguments.targets, f"Large-{arguments.targets}")
    print(f"{len(files)} files, {size / 1e6:.1f} MB, {arguments.targets} targets\n")

    # The package's own bulkhead.json makes its folder the root (else the root is this repository,
    # the nearest folder upward holding one); each run names its configuration with --config.
    with open(os.path.join(folder, "bulkhead.json"), "w") as handle:
        json.dump(BASE, handle)
    configurations = {}
    for name, document in (("base", BASE), ("source", dict(BASE, source=SOURCE))):
        path = os.path.join(shared.WORK, f"source-rules-{name}.json")
        with open(path, "w") as handle:
            json.dump(document, handle, indent=2)
        configurations[name] = path

    def command(name, cold):
        return [binary, "check", "--config", configurations[name], "--quiet", "--format", "json"] + (["--no-cache"] if cold else [])

    def environment(name):
        # One cache per configuration, so a warm run never finds the other's entries.
        return dict(os.environ, BULKHEAD_CACHE_DIR=os.path.join(shared.WORK, f"source-rules-cache-{name}"))

    cases = {(name, cold): command(name, cold) for name in configurations for cold in (True, False)}
    # Warm-up: fills both caches and the page cache; its times are not counted.
    for (name, cold), arguments_list in cases.items():
        _, _, status = run(arguments_list, folder, environment(name))
        if status not in (0, 1):
            sys.exit(f"{' '.join(arguments_list)} failed with status {status}")
    samples = {case: [] for case in cases}
    for _ in range(arguments.runs):
        for case, arguments_list in cases.items():
            seconds, _, status = run(arguments_list, folder, environment(case[0]))
            if status not in (0, 1):
                sys.exit(f"{' '.join(arguments_list)} failed with status {status}")
            samples[case].append(seconds)
    medians = {case: statistics.median(values) for case, values in samples.items()}
    for (name, cold), value in medians.items():
        label = f"check, {'with' if name == 'source' else 'without'} source, {'cold (--no-cache)' if cold else 'warm'}"
        print(f"  {label:<44}{value * 1000:>8.0f} ms")
    print()
    for cold in (True, False):
        ratio = medians[("source", cold)] / medians[("base", cold)]
        print(f"with source / without, {'cold' if cold else 'warm'}: {ratio:5.2f}x")


def run(command, cwd, environment):
    """Like imports_benchmark.run, with an environment."""
    import time
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    return time.perf_counter() - start, usage.ru_maxrss, os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    main()
