#!/usr/bin/env python3
"""Runs Bulkhead and a peer tool built from source on the same real packages and prints where they agree.

compare_with_peers.py pins Bulkhead against the peers' small scripts on fixtures; this one sits
beside it for the peers that are whole tools (built from their own repositories, outside this one)
and for real packages, where no answer can be pinned in advance. For each package both tools run
on the same folder; their findings are reduced to (kind, target, module) triples:

  missing    an import of a module the target does not declare: Bulkhead's undeclared-import,
             unreachable-import and unknown-module (its undeclared-import notes "which cannot be
             checked", where a declared product without a checkout may provide the module, are
             counted apart as undecided); swift-dependency-audit's missing dependencies;
             TargetDependencyChecker's errors and, with -i, its indirect-dependency warnings.
  unused     a declared dependency no source imports (by the declared name): Bulkhead's
             unused-dependency; swift-dependency-audit's unused dependencies.
  redundant  a dependency declared twice over: Bulkhead's redundant-dependency when the binary
             has it; swift-dependency-audit's redundant direct dependencies.

and the table says, per package and kind, how many triples both report, only Bulkhead, only the
peer; then every disagreement is listed (--limit caps each list), for someone to judge against
the manifest and the sources. Only the root package of each folder is compared: Bulkhead's
findings in packages nested below it are set aside, since the peers read one manifest.

Times are wall-clock medians of --runs runs in the same invocation: Bulkhead cold (--no-cache)
and warm (after one run that fills its cache), and the peer. A peer binary that is absent is
skipped with the reason (exit 0); a Bulkhead binary that is absent, or a tool that cannot run on
a package, is an error (exit 2). Nothing outside the arguments is read. Not a test: the peers
and the packages live outside the repository.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time

from compare_with_peers import fail, run

BULKHEAD_KINDS = {
    "undeclared-import": "missing", "unreachable-import": "missing", "unknown-module": "missing",
    "unused-dependency": "unused", "redundant-dependency": "redundant",
}
# The kinds each peer reports; Bulkhead's findings of other kinds are not compared with it.
PEER_KINDS = {"swift-dependency-audit": ["missing", "unused", "redundant"], "target-dependency-checker": ["missing"]}


def timed(command, cwd):
    start = time.monotonic()
    result = run(command, cwd=cwd)
    return result, time.monotonic() - start


def nested_packages(package):
    """Folders below the package that hold their own manifest (not .build or checkouts)."""
    nested = []
    for folder, children, files in os.walk(package):
        children[:] = sorted(c for c in children if not c.startswith(".") and c != "node_modules")
        if folder != package and "Package.swift" in files:
            nested.append(os.path.relpath(folder, package) + os.sep)
            children[:] = []
    return nested


def bulkhead_command(binary, package, cold):
    command = [binary, "check", "--package-path", package, "--format", "json", "--quiet"]
    return command + ["--no-cache"] if cold else command


def bulkhead_triples(output, package):
    """(kind, target, module) from Bulkhead's JSON report, root package only."""
    try:
        report = json.loads(output)
    except json.JSONDecodeError as error:
        fail(f"Bulkhead's report on {package} is not JSON: {error}")
    nested = nested_packages(package)
    triples = set()
    for finding in report.get("findings", []):
        kind = BULKHEAD_KINDS.get(finding.get("rule"))
        file = finding.get("file") or ""
        if kind is None or any(file.startswith(folder) for folder in nested):
            continue
        message = finding.get("message", "")
        if kind == "missing":
            match = re.match(r"(\S+) imports (\S+), which ", message)
            # "which cannot be checked": a declared product without a checkout may provide it, and
            # Bulkhead says so in a note rather than decide; kept apart from what it reports.
            if match and ", which cannot be checked" in message:
                kind = "undecided"
        elif kind == "unused":
            match = re.match(r"(\S+) declares (\S+) but none of its sources imports ", message)
        else:
            match = re.match(r"(\S+) declares (\S+) ", message)
        if match:
            triples.add((kind, match.group(1), match.group(2)))
    return triples


def peer_command(kind, binary, package):
    if kind == "swift-dependency-audit":
        return [binary, package, "--output-format", "json", "--no-color"]
    return [binary, "check", "--package-path", package, "--output-type", "xcode", "--warn-indirect-dependencies"]


def peer_triples(kind, output, package):
    """(kind, target, module) from the peer's output, and the targets it says it analysed (None: unknown)."""
    triples = set()
    if kind == "swift-dependency-audit":
        try:
            report = json.loads(output)
        except json.JSONDecodeError as error:
            fail(f"swift-dependency-audit's report on {package} is not JSON: {error}")
        analysed = set()
        for target in report.get("targets", []):
            name = target["name"]
            analysed.add(name)
            triples.update(("missing", name, module) for module in target.get("missingDependencies", []))
            triples.update(("unused", name, module) for module in target.get("unusedDependencies", []))
            for redundant in target.get("redundantDirectDependencies", []):
                triples.add(("redundant", name, redundant.get("targetName", "?")))
        return triples, analysed
    pattern = re.compile(r"^.*?:\d+: (?:error|warning): (?:Indirect-dependency: )?Import of framework (\S+) in target (\S+), ")
    for line in output.splitlines():
        match = pattern.match(line)
        if match:
            triples.add(("missing", match.group(2), match.group(1)))
    return triples, None


def median_time(command, cwd, runs):
    times = []
    for _ in range(runs):
        _, seconds = timed(command, cwd)
        times.append(seconds)
    return statistics.median(times)


def compare(arguments, package):
    name = os.path.basename(package.rstrip(os.sep))
    # The first cold run is the one compared; the later ones are only timed.
    ours, cold = timed(bulkhead_command(arguments.bulkhead, package, cold=True), package)
    if ours.returncode not in (0, 1):
        fail(f"bulkhead check on {package} exited {ours.returncode}:\n{ours.stderr[-2000:]}")
    theirs, peer_time = timed(peer_command(arguments.peer_kind, arguments.peer, package), package)
    # Both peers exit 0 whatever they find; anything else is a run that stopped.
    if theirs.returncode != 0:
        print(f"note: {arguments.peer_kind} on {name} exited {theirs.returncode}: {theirs.stderr.strip()[-400:]}")
    timings = {"bulkhead cold": cold, "peer": peer_time}
    if arguments.runs > 1:
        timings["bulkhead cold"] = statistics.median([cold] + [
            timed(bulkhead_command(arguments.bulkhead, package, cold=True), package)[1] for _ in range(arguments.runs - 1)])
        # A peer that takes minutes is timed once.
        if peer_time < 60:
            timings["peer"] = statistics.median([peer_time] + [
                timed(peer_command(arguments.peer_kind, arguments.peer, package), package)[1] for _ in range(arguments.runs - 1)])
    timed(bulkhead_command(arguments.bulkhead, package, cold=False), package)
    timings["bulkhead warm"] = median_time(bulkhead_command(arguments.bulkhead, package, cold=False), package, arguments.runs)
    our_triples = {t for t in bulkhead_triples(ours.stdout, package) if t[0] in PEER_KINDS[arguments.peer_kind] + ["undecided"]}
    if theirs.returncode != 0:
        return name, our_triples, set(), None, timings, theirs.returncode
    their_triples, analysed = peer_triples(arguments.peer_kind, theirs.stdout, package)
    return name, our_triples, their_triples, analysed, timings, theirs.returncode


def undecided(ours):
    return {("missing", target, module) for kind, target, module in ours if kind == "undecided"}


def decided(ours):
    return {t for t in ours if t[0] != "undecided"}


def print_table(results, peer_kind):
    print("only peer: reported by the peer alone; of which Bulkhead undecided: Bulkhead's note says a declared")
    print("product without a checkout may provide the module, and it does not decide.")
    print(f"{'package':<32} {'kind':<10} {'both':>6} {'only Bulkhead':>14} {'only peer':>10} {'of which Bulkhead undecided':>28}")
    for name, ours, theirs, _, _, code in results:
        if code != 0:
            print(f"{name:<32} {'-':<10} the peer stopped (exit {code}); Bulkhead reported {len(decided(ours))}")
            continue
        for kind in PEER_KINDS[peer_kind]:
            a = {t for t in decided(ours) if t[0] == kind}
            b = {t for t in theirs if t[0] == kind}
            if not a and not b:
                continue
            print(f"{name:<32} {kind:<10} {len(a & b):>6} {len(a - b):>14} {len(b - a):>10} {len((b - a) & undecided(ours)):>28}")
    print()
    print(f"{'package':<32} {'bulkhead cold':>14} {'bulkhead warm':>14} {peer_kind:>26}")
    for name, _, _, _, timings, code in results:
        stopped = " (stopped)" if code != 0 else ""
        print(f"{name:<32} {timings['bulkhead cold']:>13.2f}s {timings['bulkhead warm']:>13.2f}s {timings['peer']:>25.2f}s{stopped}")


def print_disagreements(results, limit):
    for name, ours, theirs, analysed, _, code in results:
        if code != 0:
            continue
        maybe = undecided(ours)
        for side, triples in [("only Bulkhead", decided(ours) - theirs), ("only peer", theirs - decided(ours))]:
            if not triples:
                continue
            listed = sorted(triples)
            shown = listed if limit is None else listed[:limit]
            print(f"\n== {name}: {side} ({len(listed)})")
            for kind, target, module in shown:
                remark = ""
                if analysed is not None and target not in analysed:
                    remark = "  [the peer did not analyse this target]"
                elif (kind, target, module) in maybe:
                    remark = "  [Bulkhead: cannot be checked without a checkout]"
                print(f"  {kind:<10} {target:<40} {module}{remark}")
            if len(shown) < len(listed):
                print(f"  … {len(listed) - len(shown)} more (--limit)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bulkhead", required=True, help="the bulkhead binary to run")
    parser.add_argument("--peer", required=True, help="the peer's binary, built from its repository")
    parser.add_argument("--peer-kind", required=True, choices=sorted(PEER_KINDS), help="which peer --peer is")
    parser.add_argument("--runs", type=int, default=3, help="timed runs of each tool per package; the median is printed (default 3)")
    parser.add_argument("--limit", type=int, default=None, help="list at most this many disagreements per package and side")
    parser.add_argument("--json", metavar="FILE", help="also write every package's triples and times to FILE")
    parser.add_argument("packages", nargs="+", help="package folders (copies: Bulkhead's --fix is never run, but the peers may write)")
    arguments = parser.parse_args()
    if not (os.path.isfile(arguments.peer) and os.access(arguments.peer, os.X_OK)):
        print(f"skipped: the peer binary {arguments.peer} is absent or not executable; build {arguments.peer_kind} from its repository first")
        return
    if not (os.path.isfile(arguments.bulkhead) and os.access(arguments.bulkhead, os.X_OK)):
        fail(f"the bulkhead binary {arguments.bulkhead} is absent or not executable")
    arguments.bulkhead = os.path.abspath(arguments.bulkhead)
    arguments.peer = os.path.abspath(arguments.peer)
    results = []
    for package in arguments.packages:
        package = os.path.abspath(package)
        if not os.path.isfile(os.path.join(package, "Package.swift")):
            fail(f"{package} holds no Package.swift")
        results.append(compare(arguments, package))
    print_table(results, arguments.peer_kind)
    print_disagreements(results, arguments.limit)
    if arguments.json:
        with open(arguments.json, "w") as file:
            json.dump({name: {"bulkhead": sorted(ours), "peer": sorted(theirs), "peerTargets": sorted(analysed) if analysed is not None else None,
                              "times": timings, "peerExit": code}
                       for name, ours, theirs, analysed, timings, code in results}, file, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
