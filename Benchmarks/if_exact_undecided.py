#!/usr/bin/env python3
"""How many `#if` decisions on real code each binary leaves undecided, and which decisions
changed between them.

For every repository given, runs `bulkhead imports --format json` with every platform (both
configurations) through a baseline binary and a candidate binary, and prints per repository:
imports, decisions (imports x builds), the share of "unknown" for each binary, and the count of
decisions that changed (unknown -> decided, decided -> unknown, true <-> false). With
--changes FILE the changed decisions are written out (file, line, module, build, before, after,
conditions) for checking against the compiler.

    Benchmarks/if_exact_undecided.py --baseline /work/bin-main/bulkhead \\
        --candidate .build/debug/bulkhead /work/real/swift-nio /work/real/isowords
"""
import argparse
import json
import subprocess
import sys

PLATFORMS = ["ios", "macos", "tvos", "watchos", "visionos", "maccatalyst", "linux", "windows", "android"]


def decisions(binary, repository):
    command = [binary, "imports", "--package-path", repository, "--format", "json", "--quiet"]
    for platform in PLATFORMS:
        command += ["--platform", platform]
    run = subprocess.run(command, capture_output=True, text=True)
    if not run.stdout.strip():
        sys.exit(f"{binary} gave no output for {repository}: {run.stderr[-2000:]}")
    document = json.loads(run.stdout)
    result = {}
    for entry in document["imports"]:
        conditions = [c.get("condition") or c["branch"] for c in entry.get("conditions", [])]
        for build in entry.get("builds", []):
            key = (entry.get("target"), entry["file"], entry["line"], entry["column"], build["platform"], build["configuration"])
            result[key] = (build["active"], entry["module"], conditions)
    return result, len(document["imports"])


def share(values):
    unknown = sum(1 for value in values if value == "unknown")
    return unknown, (100.0 * unknown / len(values)) if values else 0.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", required=True)
    parser.add_argument("--candidate", required=True)
    parser.add_argument("--changes")
    parser.add_argument("repositories", nargs="+")
    arguments = parser.parse_args()
    changes = []
    for repository in arguments.repositories:
        before, imports = decisions(arguments.baseline, repository)
        after, _ = decisions(arguments.candidate, repository)
        unknown_before, share_before = share([value[0] for value in before.values()])
        unknown_after, share_after = share([value[0] for value in after.values()])
        changed = {"decided": 0, "undecided": 0, "flipped": 0}
        for key, (value, module, conditions) in after.items():
            old = before.get(key, ("missing",))[0]
            if old == value:
                continue
            kind = "decided" if old == "unknown" else "undecided" if value == "unknown" else "flipped"
            changed[kind] += 1
            changes.append({"repository": repository, "target": key[0], "file": key[1], "line": key[2], "module": module,
                            "platform": key[4], "configuration": key[5], "before": old, "after": value, "conditions": conditions})
        print(f"{repository}: {imports} imports, {len(after)} decisions; unknown {unknown_before} ({share_before:.2f}%) -> "
              f"{unknown_after} ({share_after:.2f}%); newly decided {changed['decided']}, newly undecided {changed['undecided']}, "
              f"flipped {changed['flipped']}")
    if arguments.changes:
        with open(arguments.changes, "w") as file:
            json.dump(changes, file, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
