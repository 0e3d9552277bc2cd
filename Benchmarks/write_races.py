#!/usr/bin/env python3
"""Races `bulkhead check --fix` against what happens to a repository while it runs (issue 49) and
counts what went wrong. Each scenario runs the built binary N times (default 100) on a small
package in a temporary folder, with something else changing the manifest at a random moment:

  swap     a process exchanging Package.swift with a symbolic link to a file outside the root
           (renameat2 RENAME_EXCHANGE, flat out from a random moment before the write on): counts
           runs after which the outside file was changed (written outside) — it must stay as it was;
  edit     an "editor" saving the user's edit (the original text plus a line) at a random moment,
           half in place (truncate and write) and half by rename (a new file renamed over):
           counts runs after which the file lacks the user's edit (lost edits);
  concurrent  two `--fix` runs, of targets A and D, the second started a random moment after
           the first, each with a warm cache of its own: counts runs in which a run said "fixed"
           and its edit is not in the final file (lost edits), and in which both said "fixed" and
           one edit was lost (both fixed over the same original). Also counts false passes: a run
           that exited 0 having fixed nothing, though its target's import was undeclared when it
           started (only that run declares it, and every run starts from the same manifest).
           With --shared-cache both runs use the one warm cache, as two runs of one user do, the
           second started at a moment over the whole first run: each pair starts from a manifest
           of its own (the original and a comment naming the pair), so both runs ask the toolchain
           and the first run's write can land inside the second's call; an answer asked then and
           stored under the key of the manifest read before would answer every later run of that
           manifest. So after the pair the manifest is put back and each target checked again
           alone with the same cache ("witness" runs): counts false passes among them too.
           --slow-second S makes the second run's toolchain calls start S seconds late (through
           a wrapper every run calls, so all share one toolchain identity and one cache), as a
           busy machine sometimes does: the first run's write then lands inside the second's call.

    python3 Benchmarks/write_races.py [--bulkhead .build/debug/bulkhead] [--runs 100] [--scenario swap] [--shared-cache [--slow-second 1.5]]

The random moments are spread over the measured length of a quiet run, or up to the measured
moment of its write (so some fall before the manifest is read, some after the write); the seed
is fixed, so two binaries meet the same moments. Each of the two concurrent runs has a cache of
its own, copied from one warmed before: with one shared cache a run sometimes loaded another
moment's answer and found nothing to fix: --shared-cache races that instead. Linux only
(renameat2). Exits 1 if any run wrote outside, lost an edit or passed falsely.
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MANIFEST = """// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Race",
    targets: [
        .target(name: "A"),
        .target(name: "B"),
        .target(name: "D"),
        .target(name: "E"),
    ]
)
"""
USER_EDIT = "// the user's edit\n"
FIXED_A = re.compile(r'\.target\(name: "A", dependencies: \["B"\]\)')
FIXED_D = re.compile(r'\.target\(name: "D", dependencies: \["E"\]\)')

# renameat2's number, for the swapper (glibc's wrapper is not in every Python's ctypes view).
SYS_RENAMEAT2 = {"x86_64": 316, "aarch64": 276}[os.uname().machine]


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as handle:
        handle.write(text)


def read(path):
    try:
        with open(path) as handle:
            return handle.read()
    except OSError:
        return None


class Workspace:
    """`<folder>/repo` (the package: A imports B, D imports E, nothing declared) beside
    `<folder>/outside/victim.txt`. Reset before each run: same paths, same bytes, so the
    cache of the manifest's answer stays warm and a run is mostly the part being raced."""

    def __init__(self, folder, bulkhead):
        self.folder, self.bulkhead = folder, bulkhead
        self.repo, self.manifest = folder + "/repo", folder + "/repo/Package.swift"
        self.link, self.victim = folder + "/repo/evil", folder + "/outside/victim.txt"
        self.environment = dict(os.environ, BULKHEAD_CACHE_DIR=folder + "/cache")

    def reset(self, marker=None):
        """The package as it starts; with `marker`, its manifest ends with a comment naming it,
        so no cache holds an answer for it yet."""
        shutil.rmtree(self.repo, ignore_errors=True)
        write(self.repo + "/bulkhead.json", "{}\n")
        write(self.manifest, MANIFEST + ("// %s\n" % marker if marker else ""))
        for target, imported in (("A", "B"), ("B", None), ("D", "E"), ("E", None)):
            write("%s/Sources/%s/%s.swift" % (self.repo, target, target.lower()),
                  ("import %s\n" % imported if imported else "") + "public let %s = 1\n" % target.lower())
        write(self.victim, "precious\n")

    def slow_toolchain(self):
        """Every run calls the toolchain through a wrapper that waits RACE_DELAY seconds (when
        set) before `swift package`: one toolchain identity, so one cache, for slow and quick runs."""
        real = os.environ.get("BULKHEAD_SWIFT_EXEC") or shutil.which("swift")
        wrapper = self.folder + "/toolchain/swift-slowly"
        write(wrapper, '#!/bin/sh\nif [ -n "$RACE_DELAY" ] && [ "$1" = package ]; then sleep "$RACE_DELAY"; fi\nexec %s "$@"\n' % real)
        os.chmod(wrapper, 0o755)
        self.environment["BULKHEAD_SWIFT_EXEC"] = wrapper

    def start(self, *extra, cache=None, delay=0):
        environment = dict(self.environment, BULKHEAD_CACHE_DIR=cache) if cache else dict(self.environment)
        if delay:
            environment["RACE_DELAY"] = "%.3f" % delay
        return subprocess.Popen([self.bulkhead, "check", "--fix", "--package-path", "repo", *extra], cwd=self.folder,
                                env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def private_cache(self, name):
        """A copy of the warmed cache for one run alone."""
        path = self.folder + "/" + name
        shutil.rmtree(path, ignore_errors=True)
        shutil.copytree(self.folder + "/cache", path)
        return path

    def finish(self, process):
        out, err = process.communicate(timeout=300)
        return process.returncode, (out + err).decode(errors="replace")

    def leftovers(self):
        return [name for name in os.listdir(self.repo) if ".bulkhead-" in name]


def measure(workspace, cold=False):
    """The length of a quiet run and the moment it replaces the manifest (medians of three, after
    warming the cache with both targets' runs), over which the races' moments are spread; with
    `cold`, of runs of manifests no cache holds (as the shared-cache pairs start)."""
    for target in ("A", "D"):
        workspace.reset()
        workspace.finish(workspace.start("--target", target))
    lengths, writes = [], []
    for attempt in range(3):
        workspace.reset("measured %d" % attempt if cold else None)
        original = os.stat(workspace.manifest)
        began = time.monotonic()
        process = workspace.start("--target", "A")
        written = None
        while process.poll() is None:
            try:
                now = os.stat(workspace.manifest)
            except OSError:
                now = original
            if written is None and (now.st_ino, now.st_size) != (original.st_ino, original.st_size):
                written = time.monotonic() - began
            time.sleep(0.0005)
        status, text = workspace.finish(process)
        lengths.append(time.monotonic() - began)
        writes.append(written if written is not None else lengths[-1])
        if status != 0 or "fixed 1 finding" not in text:
            sys.exit("a quiet run did not fix the package (status %s): %s" % (status, text[:500]))
    return sorted(lengths)[1], sorted(writes)[1]


SWAPPER = """import ctypes, os, sys, time
libc = ctypes.CDLL(None, use_errno=True)
number, first, second, start = int(sys.argv[1]), sys.argv[2].encode(), sys.argv[3].encode(), float(sys.argv[4])
while time.monotonic() < start:
    pass
while True:
    libc.syscall(number, -100, first, -100, second, 2)
"""


def swap_once(workspace, moment):
    """From `moment` after the run starts, a process of its own (started before, waiting for the
    moment) exchanges Package.swift and the link to the outside file flat out."""
    os.symlink("../outside/victim.txt", workspace.link)
    victim_before = os.stat(workspace.victim)
    start = time.monotonic() + 0.2
    swapper = subprocess.Popen([sys.executable, "-c", SWAPPER, str(SYS_RENAMEAT2), workspace.manifest, workspace.link,
                                str(start + moment)])
    time.sleep(max(0, start - time.monotonic()))
    process = workspace.start("--target", "A")
    status, text = workspace.finish(process)
    swapper.kill()
    swapper.wait()
    victim_after = os.stat(workspace.victim)
    outside = read(workspace.victim) != "precious\n" or victim_after.st_ino != victim_before.st_ino \
        or sorted(os.listdir(workspace.folder + "/outside")) != ["victim.txt"]
    return {"written outside": outside, "fixed": "fixed 1 finding" in text and status == 0, "refused": status == 2}


def edit_once(workspace, moment, by_rename):
    """At `moment`, the editor saves the original text plus the user's line."""
    saved = MANIFEST + USER_EDIT

    def editor():
        time.sleep(moment)
        if by_rename:
            write(workspace.repo + "/.Package.swift.swp", saved)
            os.rename(workspace.repo + "/.Package.swift.swp", workspace.manifest)
        else:
            with open(workspace.manifest, "r+") as handle:
                handle.truncate(0)
                handle.write(saved)

    thread = threading.Thread(target=editor)
    process = workspace.start("--target", "A")
    thread.start()
    status, text = workspace.finish(process)
    thread.join()
    final = read(workspace.manifest) or ""
    return {"lost edit": USER_EDIT not in final, "fixed": "fixed 1 finding" in text and status == 0, "refused": status == 2}


def concurrent_once(workspace, moment, shared_cache=False, marker=None, slow_second=0):
    """Two runs, of A and of D, the second started `moment` after the first; each with a copy of
    the warm cache, or both with the warm cache itself (`shared_cache`), which lasts from run to
    run as a user's does."""
    caches = (None, None) if shared_cache else (workspace.private_cache("cache-A"), workspace.private_cache("cache-D"))
    first = workspace.start("--target", "A", cache=caches[0])
    time.sleep(moment)
    second = workspace.start("--target", "D", cache=caches[1], delay=slow_second)
    (status_a, text_a), (status_d, text_d) = workspace.finish(first), workspace.finish(second)
    final = read(workspace.manifest) or ""
    said_a = status_a == 0 and "fixed 1 finding" in text_a
    said_d = status_d == 0 and "fixed 1 finding" in text_d
    lost = (said_a and not FIXED_A.search(final)) or (said_d and not FIXED_D.search(final))
    # Each run's target imports a module it does not declare, and only that run declares it.
    false_pass = any(status == 0 and "fixed 1 finding" not in text for status, text in ((status_a, text_a), (status_d, text_d)))
    outcome = {"lost edit": lost, "both fixed, one lost": said_a and said_d and lost,
               "both fixed, both kept": said_a and said_d and not lost, "refused": status_a == 2 or status_d == 2,
               "false pass": false_pass}
    if shared_cache:
        # The manifest the pair started from, checked again with what the pair left in the cache.
        witnesses = []
        for target in ("A", "D"):
            workspace.reset(marker)
            witnesses.append(workspace.finish(workspace.start("--target", target)))
        outcome["false pass after"] = any(status == 0 and "fixed 1 finding" not in text for status, text in witnesses)
        outcome["witness not fixed"] = any(status != 0 or "fixed 1 finding" not in text for status, text in witnesses)
    return outcome


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bulkhead", default=os.path.join(ROOT, ".build", "debug", "bulkhead"))
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--scenario", choices=["swap", "edit", "concurrent"], action="append")
    parser.add_argument("--shared-cache", action="store_true",
                        help="concurrent: both runs use the one warm cache (kept from run to run) instead of a copy each")
    parser.add_argument("--slow-second", type=float, default=0, metavar="SECONDS",
                        help="concurrent: the second run's toolchain calls start this many seconds late (default 0)")
    parser.add_argument("--swap-from", type=float, default=0.0, metavar="FRACTION",
                        help="start the swapper no earlier than this fraction of the way to the write (default 0): "
                             "closer to 1, fewer runs fail at loading and more race the write itself")
    arguments = parser.parse_args()
    bulkhead = os.path.abspath(arguments.bulkhead)
    if not os.path.exists(bulkhead):
        sys.exit(f"no bulkhead at {bulkhead}: run `swift build` first")
    bad = 0
    with tempfile.TemporaryDirectory(prefix="bulkhead-races-") as folder:
        workspace = Workspace(folder, bulkhead)
        if arguments.slow_second:
            workspace.slow_toolchain()
        length, write_moment = measure(workspace, cold=arguments.shared_cache)
        print(f"{bulkhead}: a quiet run takes {length:.2f} s and writes at {write_moment:.2f} s; {arguments.runs} runs a scenario"
              + ("; concurrent runs share one cache" if arguments.shared_cache else "")
              + (f"; the second's toolchain calls start {arguments.slow_second:g} s late" if arguments.slow_second else ""))
        for scenario in arguments.scenario or ["swap", "edit", "concurrent"]:
            moments = random.Random(49)
            counts, leftovers = {}, 0
            for run in range(arguments.runs):
                marker = "pair %d" % run if scenario == "concurrent" and arguments.shared_cache else None
                workspace.reset(marker)
                if scenario == "swap":
                    outcome = swap_once(workspace, moments.uniform(arguments.swap_from * write_moment, write_moment))
                elif scenario == "edit":
                    outcome = edit_once(workspace, moments.uniform(0, length), by_rename=run % 2 == 1)
                else:
                    # With one cache, over the whole run: a second run started after the first's
                    # write reads the fixed manifest and stores its answer, so the next pair misses
                    # and asks the toolchain, and a write can land inside the other run's call.
                    outcome = concurrent_once(workspace, moments.uniform(0, length if arguments.shared_cache else length / 2),
                                              shared_cache=arguments.shared_cache, marker=marker, slow_second=arguments.slow_second)
                leftovers += 1 if workspace.leftovers() else 0
                for key, value in outcome.items():
                    counts[key] = counts.get(key, 0) + (1 if value else 0)
            counts["temporary files left"] = leftovers
            bad += counts.get("written outside", 0) + counts.get("lost edit", 0) + counts.get("false pass", 0) \
                + counts.get("false pass after", 0)
            print(f"{scenario:<11}" + ", ".join(f"{key} {value}" for key, value in counts.items()), flush=True)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
