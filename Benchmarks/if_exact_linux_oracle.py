#!/usr/bin/env python3
"""Checks Bulkhead's Linux decisions on real code against the installed compiler.

For each repository: `bulkhead imports --platform linux --format json`, then for every file with
an import under `#if`, `swiftc -emit-imported-modules` (the host's toolchain, Swift 6 mode,
`-D SWIFT_PACKAGE`, and `-D DEBUG` in debug) — and each decided import compared with whether the
compiler lists its module. Left out, and counted: imports whose conditions name a flag other
than DEBUG and SWIFT_PACKAGE (the target's own `.define`s, which the compiler is not given
here), or `canImport` of a module of the package graph (a target's or a dependency's: neither
the toolchain's nor in Bulkhead's SDK tables, so the compiler here, which has built nothing,
cannot answer for it), and modules imported more than once in a file with different decisions.

    Benchmarks/if_exact_linux_oracle.py .build/debug/bulkhead /work/real/swift-nio
"""
import json
import re
import subprocess
import sys

KNOWN_FLAGS = {"DEBUG", "SWIFT_PACKAGE", "true", "false"}
# Every module name Bulkhead's SDK and toolchain tables mention, for any platform.
SDK_TABLE = "Sources/ImportScanning/Platforms/SDKModules.swift"


def system_modules():
    with open(SDK_TABLE) as file:
        return set(re.findall(r'"([A-Za-z_][A-Za-z_0-9]*)"', file.read()))


def main():
    binary, repositories = sys.argv[1], sys.argv[2:]
    for repository in repositories:
        run = subprocess.run([binary, "imports", "--package-path", repository, "--platform", "linux", "--format", "json", "--quiet"],
                             capture_output=True, text=True)
        document = json.loads(run.stdout)
        system = system_modules()
        by_file = {}
        for entry in document["imports"]:
            if entry["conditions"]:
                by_file.setdefault(entry["file"], []).append(entry)
        all_entries = {}
        for entry in document["imports"]:
            all_entries.setdefault(entry["file"], []).append(entry)
        compared = wrong = skipped = undecided = 0
        for file in sorted(by_file):
            for configuration in ["debug", "release"]:
                flags = ["-D", "SWIFT_PACKAGE"] + (["-D", "DEBUG"] if configuration == "debug" else [])
                output = subprocess.run(["swiftc", "-swift-version", "6"] + flags + ["-emit-imported-modules", repository + "/" + file, "-o", "-"],
                                        capture_output=True, text=True)
                compiled = set(output.stdout.split())
                decisions = {}
                for entry in all_entries[file]:
                    build = next(b for b in entry["builds"] if b["configuration"] == configuration)
                    decisions.setdefault(entry["module"], set()).add(json.dumps(build["active"]))
                for entry in by_file[file]:
                    build = next(b for b in entry["builds"] if b["configuration"] == configuration)
                    texts = " ".join((c.get("condition") or "") + " " + " ".join(c["precedingConditions"]) for c in entry["conditions"])
                    names = set(re.findall(r"(?<![\w(.$])([A-Za-z_]\w*)(?!\w)(?!\s*\()", texts))
                    imported = set(re.findall(r"canImport\(\s*([\w.]+)", texts))
                    if names - KNOWN_FLAGS or any(module.split(".")[0] not in system for module in imported) \
                            or len(decisions[entry["module"]]) > 1 or output.returncode != 0:
                        skipped += 1
                        continue
                    if build["active"] == "unknown":
                        undecided += 1
                        continue
                    compared += 1
                    if build["active"] != (entry["module"] in compiled):
                        wrong += 1
                        print(f"  WRONG {file}:{entry['line']} {entry['module']} {configuration}: bulkhead {build['active']}, "
                              f"compiler {entry['module'] in compiled}; {texts.strip()}")
        print(f"{repository}: {compared} Linux decisions of conditional imports compared with swiftc, {wrong} wrong, "
              f"{undecided} undecided, {skipped} left out (custom flags, graph modules, swiftc errors)")


if __name__ == "__main__":
    main()
