#!/usr/bin/env python3
"""Times `bulkhead check` with its caches (issue 12) on two generated repositories, interleaved
with what they are measured against, and prints the ratios measured in this one run:

- one package of 400 targets (~150 MB of sources): cold (empty cache), warm (nothing changed),
  one manifest changed, one source changed; beside `cat` of its sources and one
  `swift package describe`;
- a repository of 30 packages of 10 targets each: the same four runs, beside one
  `swift package dump-package` of one of its packages (one toolchain call), both as it stands
  and just after an edit of its manifest (the call the check makes when one manifest changed:
  SwiftPM compiles the edited manifest again).

Peak memory is the largest resident set of Bulkhead itself on the 400-target package (the figure
`/usr/bin/time -v` prints as "Maximum resident set size"), over the runs that start no toolchain
process, whose resident set the kernel would fold in: warm, one source changed, and every
source read with the file cache cleared. The cold figure, toolchain included, is printed apart. Each run gets its own
cache folder through BULKHEAD_CACHE_DIR; the user's cache is never touched. Medians of
interleaved rounds.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys

# The binary as `make install` and the artifact bundle ship it: on Linux with the Swift runtime
# linked statically, which also halves the process's start (no runtime libraries to bind).
SHIPPED = ["--static-swift-stdlib", "-Xswiftc", "-static-executable"] if sys.platform.startswith("linux") else []
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.path.join(HERE, ".work", "cache")


def run(command, cwd, environment=None):
    """(seconds, peak resident KiB, status, standard error) of one command."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    error = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    return time.perf_counter() - start, usage.ru_maxrss, os.waitstatus_to_exitcode(status), error.decode(errors="replace")


def generate(folder, targets, files_per_target, kilobytes, seed):
    marker = os.path.join(folder, ".generated")
    if os.path.exists(marker):
        return
    shutil.rmtree(folder, ignore_errors=True)
    subprocess.run([sys.executable, os.path.join(HERE, "generate-package.py"), "--targets", str(targets),
                    "--files-per-target", str(files_per_target), "--file-kilobytes", str(kilobytes),
                    "--seed", str(seed), folder], check=True, stdout=subprocess.DEVNULL)
    open(marker, "w").close()


def swift_files(folder):
    found = []
    for base, folders, names in os.walk(folder):
        folders[:] = [f for f in folders if not f.startswith(".")]
        found += [os.path.join(base, n) for n in names if n.endswith(".swift") and n != "Package.swift"]
    return sorted(found)


class Subject:
    """A repository with its own cache folder, and the edits the changed-input runs make."""

    def __init__(self, name, folder, manifest, source):
        self.name, self.folder, self.manifest, self.source = name, folder, manifest, source
        self.cache = os.path.join(WORK, "caches", name)
        self.edits = 0

    def environment(self):
        environment = dict(os.environ)
        environment["BULKHEAD_CACHE_DIR"] = self.cache
        return environment

    def clear(self):
        shutil.rmtree(self.cache, ignore_errors=True)

    def touch_manifest(self):
        # A new byte each time: SwiftPM's own manifest cache misses too, as after a real edit.
        self.edits += 1
        with open(self.manifest, "a") as handle:
            handle.write(f"// edit {self.edits} {time.time()}\n")

    def touch_source(self):
        self.edits += 1
        with open(self.source, "a") as handle:
            handle.write(f"// edit {self.edits} {time.time()}\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--binary", help="a built bulkhead (default: build release as shipped)")
    arguments = parser.parse_args()
    os.makedirs(WORK, exist_ok=True)
    binary = arguments.binary
    if not binary:
        subprocess.run(["swift", "build", "-c", "release", "--product", "bulkhead"] + SHIPPED, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"] + SHIPPED, cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout.strip() + "/bulkhead"

    large = os.path.join(WORK, "Large-400")
    generate(large, 400, 14, 27, 2026)
    repository = os.path.join(WORK, "Repository-30")
    if not os.path.exists(os.path.join(repository, ".generated")):
        shutil.rmtree(repository, ignore_errors=True)
        for index in range(30):
            generate(os.path.join(repository, f"Package{index:02}"), 10, 3, 6, 100 + index)
        open(os.path.join(repository, ".generated"), "w").close()
    # Each generated folder is the root of its runs, as a user's repository is: without a
    # bulkhead.json of their own, the search upward stops at this repository's, and every run
    # checked Bulkhead itself (one package, "1 skipped") instead of the generated packages.
    for folder in (large, repository):
        if not os.path.exists(os.path.join(folder, "bulkhead.json")):
            with open(os.path.join(folder, "bulkhead.json"), "w") as handle:
                handle.write("{}\n")
    large_files = swift_files(large)
    size = sum(os.path.getsize(f) for f in large_files)
    print(f"400-target package: {len(large_files)} files, {size / 1e6:.1f} MB; "
          f"repository: 30 packages, {len(swift_files(repository))} files")

    subjects = {
        "large": Subject("large", large, os.path.join(large, "Package.swift"), large_files[len(large_files) // 2]),
        "repository": Subject("repository", repository, os.path.join(repository, "Package07", "Package.swift"),
                              swift_files(os.path.join(repository, "Package07"))[0]),
    }
    check = [binary, "check", "--quiet", "--format", "json", "--stats"]
    samples = {}
    peaks = {}
    calls = {}

    def sample(name, command, cwd, environment=None, before=None, subject=None):
        if before:
            before()
        seconds, peak, status, error = run(command, cwd, environment)
        if status not in (0, 1):
            sys.exit(f"{name} failed with status {status}:\n{error}")
        samples.setdefault(name, []).append(seconds)
        if subject == "large":
            peaks[name] = max(peaks.get(name, 0), peak)
        made = re.search(r"(\d+) toolchain calls made, (\d+) skipped", error)
        if made:
            calls[name] = (int(made.group(1)), int(made.group(2)))

    subprocess.run(["cat"] + large_files, stdout=subprocess.DEVNULL)  # the page cache, as a warm run has it
    for _ in range(arguments.runs):
        for key, subject in subjects.items():
            label = "400 targets" if key == "large" else "30 packages"
            environment = subject.environment()
            if key == "large":
                sample("cat of the 400-target sources", ["cat"] + large_files, large)
                sample("swift package describe (400 targets)", ["swift", "package", "describe", "--type", "json"], large)
            else:
                sample("swift package dump-package (1 of 30)", ["swift", "package", "dump-package"], os.path.join(repository, "Package07"))
                # The call a changed manifest costs: SwiftPM compiles the edited manifest again,
                # as it must in the check's own run after an edit.
                sample("swift package dump-package, manifest edited (1 of 30)", ["swift", "package", "dump-package"],
                       os.path.join(repository, "Package07"), before=subject.touch_manifest)
            sample(f"check cold, {label}", check, subject.folder, environment, before=subject.clear, subject=key)
            sample(f"check warm, {label}", check, subject.folder, environment, subject=key)
            sample(f"check one manifest changed, {label}", check, subject.folder, environment, before=subject.touch_manifest, subject=key)
            sample(f"check one source changed, {label}", check, subject.folder, environment, before=subject.touch_source, subject=key)
            if key == "large":
                sample("check every source read (file cache cleared), 400 targets", check, subject.folder, environment,
                       before=lambda: shutil.rmtree(os.path.join(subject.cache, "files"), ignore_errors=True), subject=key)

    medians = {name: statistics.median(values) for name, values in samples.items()}
    print()
    for name, value in medians.items():
        made = f"  (toolchain calls {calls[name][0]} made, {calls[name][1]} skipped)" if name in calls else ""
        print(f"  {name:<44}{value * 1000:>9.0f} ms{made}")
    print()
    cat = medians["cat of the 400-target sources"]
    describe = medians["swift package describe (400 targets)"]
    dump = medians["swift package dump-package (1 of 30)"]
    print(f"warm 400 targets / cat:                         {medians['check warm, 400 targets'] / cat:6.2f}x  (must be <= 1)")
    print(f"warm 30 packages:                               {medians['check warm, 30 packages'] * 1000:6.0f} ms (must be < 300)")
    edited = medians["swift package dump-package, manifest edited (1 of 30)"]
    over = medians["check one manifest changed, 30 packages"] - edited
    print(f"one manifest changed, 30 packages - one call:   {over * 1000:6.0f} ms (must be <= 100; the call: dump-package of an edited manifest)")
    print(f"cold 400 targets / describe:                    {medians['check cold, 400 targets'] / describe:6.2f}x  (must be <= 1.2)")
    print(f"cold 30 packages / one dump-package:            {medians['check cold, 30 packages'] / dump:6.2f}x  "
          f"({calls.get('check cold, 30 packages', (0, 0))[0]} toolchain calls, in parallel)")
    own = [peaks[n] for n in peaks if ("warm" in n or "source" in n)]
    print(f"peak memory of Bulkhead, 400 targets:           {max(own) / 1024:6.1f} MB (must be < 100)")
    print(f"peak memory of cold check incl. the toolchain:  {peaks['check cold, 400 targets'] / 1024:6.1f} MB")


if __name__ == "__main__":
    main()
