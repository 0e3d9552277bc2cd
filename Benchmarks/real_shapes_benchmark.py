#!/usr/bin/env python3
"""Times `bulkhead check` on generated repositories with the shapes of real ones (issue 28), in
one run, interleaved with what each is measured against, and prints the ratios:

- an app monorepo (generate-monorepo.py): ~150 targets in 28 local packages and 2 Xcode
  projects, ~5,500 files, ~2,000 undeclared imports, iOS and macOS, four platforms in some
  packages;
- a generated-code SDK package (generate-package.py): 420 targets, 840 files, four platforms.

For each: warm (caches filled, nothing changed: timed once the last edit is over a second old
and one run has stored what the cold run or the edit left to read), cold (empty cache: every
toolchain call made, every source read) and one source changed, beside `cat` of the same sources and beside the
toolchain calls the cold check makes (`swift package dump-package` of every package, as many at
a time as there are cores, as the check runs them). Both meet SwiftPM's own manifest cache
(under ~/.cache, keyed by the manifest and the TMPDIR it was compiled with) warm after the first
round, as a cold check on a developer's machine does; the first round, where SwiftPM compiles
every manifest for both, is in the medians' spread. Peak memory is the largest resident set of
Bulkhead's own process over the runs that start no toolchain process (warm, one changed).
`--baseline BINARY` times a second binary (an earlier build) in the same rounds, and prints its
figures beside; `--stats` prints each binary's `check --stats` phases and the time of each rule
alone (`--rule`), warm. Caches live under Benchmarks/.work, never the user's.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.path.join(HERE, ".work", "real-shapes")
FOUR = ".iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)"
# The binary as `make install` and the artifact bundle ship it: on Linux linked statically,
# the Swift runtime and C libraries with it (no shared libraries to load at start). A `--binary` or `--baseline` given
# should be built the same way for the figures to be the shipped ones.
SHIPPED = ["--static-swift-stdlib", "-Xswiftc", "-static-executable"] if sys.platform.startswith("linux") else []


def run(command, cwd, environment=None):
    """(seconds, peak resident KiB, status, standard error) of one command."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    error = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    return time.perf_counter() - start, usage.ru_maxrss, os.waitstatus_to_exitcode(status), error.decode(errors="replace")


def generate(folder, command):
    marker = os.path.join(folder, ".generated")
    if not os.path.exists(marker):
        shutil.rmtree(folder, ignore_errors=True)
        print(subprocess.run([sys.executable] + command + [folder], check=True, capture_output=True, text=True).stdout.strip())
        # The folder is the root of its runs: without a bulkhead.json of its own the search
        # upward would stop at this repository's and check Bulkhead itself.
        with open(os.path.join(folder, "bulkhead.json"), "w") as handle:
            handle.write("{}\n")
        open(marker, "w").close()


def listing(folder):
    """(Swift sources, package folders) of a generated tree."""
    sources, packages = [], []
    for base, folders, names in os.walk(folder):
        folders[:] = sorted(f for f in folders if not f.startswith(".") and not f.endswith(".xcodeproj"))
        if "Package.swift" in names:
            packages.append(base)
        sources += [os.path.join(base, n) for n in names if n.endswith(".swift") and n != "Package.swift"]
    return sorted(sources), sorted(packages)


class Subject:
    def __init__(self, name, folder):
        self.name, self.folder = name, folder
        self.sources, self.packages = listing(folder)
        self.changed = self.sources[len(self.sources) // 2]
        # The package folders, one a line, for the toolchain calls timed alone.
        self.package_list = os.path.join(WORK, f"{name}.packages")
        with open(self.package_list, "w") as handle:
            handle.write("".join(folder + "\n" for folder in self.packages))
        self.edits = 0
        self.last_edit = 0.0

    def environment(self, label):
        environment = dict(os.environ)
        environment["BULKHEAD_CACHE_DIR"] = os.path.join(WORK, "caches", label, self.name)
        return environment

    def clear(self, label):
        shutil.rmtree(os.path.join(WORK, "caches", label, self.name), ignore_errors=True)

    def touch(self):
        self.edits += 1
        with open(self.changed, "a") as handle:
            handle.write(f"// edit {self.edits} {time.time()}\n")
        self.last_edit = time.time()

    def settle(self, path, check, environment):
        """Makes the next run a warm one: nothing changed, everything cached. A file edited
        within the last second is not stored (a later edit in the same second could go unseen),
        and the run after a cold one or an edit stores what it read: one run is left to do that."""
        wait = self.last_edit + 1.1 - time.time()
        if wait > 0:
            time.sleep(wait)
        run([path] + check, self.folder, environment)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--binary", help="the bulkhead to time (default: this repository's release build as shipped, made if missing)")
    parser.add_argument("--baseline", help="an earlier bulkhead to time in the same rounds")
    parser.add_argument("--stats", action="store_true", help="print --stats phases and per-rule times, warm")
    parser.add_argument("--no-cold", action="store_true", help="skip the cold runs and the toolchain calls")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary) if arguments.binary else None
    if not binary:
        subprocess.run(["swift", "build", "-c", "release", "--product", "bulkhead"] + SHIPPED, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"] + SHIPPED, cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout.strip() + "/bulkhead"
    binaries = {"bulkhead": binary}
    if arguments.baseline:
        binaries["baseline"] = arguments.baseline

    os.makedirs(WORK, exist_ok=True)
    generate(os.path.join(WORK, "Monorepo"), [os.path.join(HERE, "generate-monorepo.py")])
    generate(os.path.join(WORK, "SDK-420"), [os.path.join(HERE, "generate-package.py"), "--targets", "420", "--files-per-target", "2",
                                             "--file-kilobytes", "8", "--seed", "420", "--platforms", FOUR])
    subjects = [Subject("monorepo", os.path.join(WORK, "Monorepo")), Subject("sdk-420", os.path.join(WORK, "SDK-420"))]
    for subject in subjects:
        size = sum(os.path.getsize(f) for f in subject.sources)
        print(f"{subject.name}: {len(subject.sources)} files, {size / 1e6:.1f} MB, {len(subject.packages)} packages")

    check = ["check", "--quiet", "--format", "json"]
    samples, peaks, calls = {}, {}, {}
    cores = os.cpu_count() or 1

    def sample(key, command, cwd, environment=None, before=None, peak_of=None):
        if before:
            before()
        seconds, peak, status, error = run(command, cwd, environment)
        if status not in (0, 1):
            sys.exit(f"{' '.join(key)} failed with status {status}:\n{error}")
        samples.setdefault(key, []).append(seconds)
        if peak_of:
            peaks[peak_of] = max(peaks.get(peak_of, 0), peak)
        made = re.search(r"(\d+) toolchain calls made", error)
        if made:
            calls[key] = int(made.group(1))

    for subject in subjects:
        subprocess.run(["cat"] + subject.sources, stdout=subprocess.DEVNULL)  # the page cache, as a warm run has it
        for label, path in binaries.items():
            run([path] + check, subject.folder, subject.environment(label))  # fills the caches
    for _ in range(arguments.runs):
        for subject in subjects:
            sample((subject.name, "cat"), ["cat"] + subject.sources, subject.folder)
            if not arguments.no_cold:
                # The toolchain calls a cold check makes, alone, as many at a time as cores.
                sample((subject.name, "toolchain"), ["xargs", "-a", subject.package_list, "-d", "\n", "-P", str(cores), "-I{}",
                                                     "sh", "-c", "cd \"$1\" && swift package dump-package >/dev/null", "sh", "{}"],
                       subject.folder)
            for label, path in binaries.items():
                environment = subject.environment(label)
                command = [path] + check + ["--stats"]
                if not arguments.no_cold:
                    sample((subject.name, label, "cold"), command, subject.folder, environment, before=lambda: subject.clear(label))
                subject.settle(path, check, environment)
                sample((subject.name, label, "warm"), command, subject.folder, environment, peak_of=(subject.name, label))
                sample((subject.name, label, "one changed"), command, subject.folder, environment, before=subject.touch,
                       peak_of=(subject.name, label))

    medians = {key: statistics.median(values) for key, values in samples.items()}
    for subject in subjects:
        cat = medians[(subject.name, "cat")]
        toolchain = medians.get((subject.name, "toolchain"))
        print(f"\n{subject.name}: cat {cat * 1000:.0f} ms" + (f", toolchain calls alone {toolchain * 1000:.0f} ms" if toolchain else ""))
        print(f"  {'binary':<10}{'warm':>9}{'/cat':>7}{'one changed':>13}{'/warm':>7}{'cold':>9}{'/toolchain':>11}{'peak RSS':>10}")
        for label in binaries:
            warm = medians[(subject.name, label, "warm")]
            changed = medians[(subject.name, label, "one changed")]
            cold = medians.get((subject.name, label, "cold"))
            cold_text = f"{cold * 1000:>7.0f}ms{cold / toolchain:>10.2f}x" if cold and toolchain else f"{'-':>9}{'-':>11}"
            print(f"  {label:<10}{warm * 1000:>7.0f}ms{warm / cat:>6.2f}x{changed * 1000:>11.0f}ms{changed / warm:>6.2f}x"
                  f"{cold_text}{peaks[(subject.name, label)] / 1024:>8.1f}MB")
    if arguments.stats:
        print_stats(subjects, binaries, check)


def print_stats(subjects, binaries, check):
    """`--stats` phases of one warm run, and each rule alone (median of 3), per binary."""
    for subject in subjects:
        for label, path in binaries.items():
            environment = subject.environment(label)
            subject.settle(path, check, environment)
            _, _, _, error = run([path] + check + ["--stats"], subject.folder, environment)
            print(f"\n{subject.name}, {label}, check --stats (warm):")
            for line in error.splitlines():
                if line.strip():
                    print("  " + line)
        rules = subprocess.run([binaries["bulkhead"], "rules"], capture_output=True, text=True).stdout
        identifiers = sorted(set(re.findall(r"^\s*([a-z]+(?:-[a-z]+)+)\b", rules, re.M)))
        print(f"\n{subject.name}: each rule alone, warm (median of 3)")
        print(f"  {'rule':<26}" + "".join(f"{label:>12}" for label in binaries))
        for rule in identifiers:
            row = []
            for label, path in binaries.items():
                environment = subject.environment(label)
                times = [run([path] + check + ["--rule", rule], subject.folder, environment)[0] for _ in range(3)]
                row.append(statistics.median(times))
            print(f"  {rule:<26}" + "".join(f"{value * 1000:>10.0f}ms" for value in row))


if __name__ == "__main__":
    main()
