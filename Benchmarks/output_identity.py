#!/usr/bin/env python3
"""Runs the same commands with two bulkhead binaries on the same roots and compares what each
printed (standard output, standard error, exit status) and wrote, byte for byte: a change that
should not change any output (a refactoring, a new writer of the same format) is held to that.

    python3 Benchmarks/output_identity.py --before OLD_BINARY --after NEW_BINARY \\
        [--repo PATH]... [--base REV] [--no-fixtures] [--only NAME]... [--timeout 120]

Roots: every package or project fixture folder under Tests/Fixtures and Examples/Voyage, and
each --repo (a real repository; with --no-fixtures, only those). On each root, each binary
runs: check in every format, check --preset layers, report (the page to standard output),
graph (dot, json, mermaid, html, json with import edges), baseline into a temporary file (the
file is compared too), imports (text, json), why for one pair of targets (the first declared
edge the before binary's graph shows), footprint (text, json), affected (--files with a sample
of the root's files, both formats that carry reasons; and --base when the root is a git
repository with that revision), rules (text, --all, markdown) and canary (text, json).

Each binary runs in a fresh copy of the root at the same path, with a HOME, cache folder
(BULKHEAD_CACHE_DIR) and TMPDIR of its own at the same paths too, so that no path in the
output differs between the two runs; without a network (a new network namespace where
`unshare -n` works, else proxies that lead nowhere); with NO_COLOR and no terminal. A command
that runs past --timeout seconds is stopped with its children and counted as its own outcome.

Prints one line per root and command: `same`, `DIFFERENT` (with the first 40 lines of a unified
diff of what differs), or `skipped` with the reason; then the tally. Exits 1 if anything
differs, 2 if a binary cannot be run, 64 on a usage error.
"""
import argparse
import difflib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHECK_FORMATS = ["text", "json", "sarif", "xcode", "github", "junit", "checkstyle", "gitlab"]
DIFF_LINES = 40
# What marks a folder as holding a package or a project Bulkhead reads.
PROJECT_MARKS = ("Package.swift", "project.yml")
PROJECT_SUFFIXES = (".xcodeproj", ".xcworkspace")


class Command:
    """One run of a binary on a root: its arguments (`{work}` stands for the scratch folder),
    the files it writes that are compared too, and how it gets its arguments when they depend
    on what the before binary printed (a pair of targets for why)."""

    def __init__(self, name, arguments, files=(), stdin=None):
        self.name, self.arguments, self.files, self.stdin = name, arguments, tuple(files), stdin


class Outcome:
    def __init__(self, status, stdout, stderr, files):
        # status: the exit status, or a text for a run that did not exit on its own.
        self.status, self.stdout, self.stderr, self.files = status, stdout, stderr, files


def has_project(folder):
    """Whether the folder holds a package manifest, an Xcode project or workspace, or an
    XcodeGen spec anywhere below it (build folders and hidden ones left out)."""
    for current, folders, files in os.walk(folder):
        folders[:] = [name for name in folders if not name.startswith(".") and name != ".build"]
        if any(name in PROJECT_MARKS for name in files):
            return True
        if any(name.endswith(PROJECT_SUFFIXES) for name in folders):
            return True
    return False


def fixture_roots():
    roots = []
    fixtures = os.path.join(ROOT, "Tests", "Fixtures")
    for name in sorted(os.listdir(fixtures)):
        path = os.path.join(fixtures, name)
        if os.path.isdir(path) and has_project(path):
            roots.append(path)
    voyage = os.path.join(ROOT, "Examples", "Voyage")
    if os.path.isdir(voyage):
        roots.append(voyage)
    return roots


def sample_files(root):
    """A few of the root's own files, as paths relative to it, for `affected --files`: the first
    Swift sources in sorted order, the first manifest, a Markdown file (ignored by default) and
    one path that exists nowhere (outside every target)."""
    swift, manifests, markdown = [], [], []
    for current, folders, files in os.walk(root):
        folders[:] = sorted(name for name in folders if not name.startswith(".") and name != ".build")
        for name in sorted(files):
            relative = os.path.relpath(os.path.join(current, name), root)
            if name.endswith(".swift") and name != "Package.swift":
                swift.append(relative)
            elif name == "Package.swift" or name == "project.pbxproj":
                manifests.append(relative)
            elif name.endswith(".md"):
                markdown.append(relative)
    return swift[:3] + manifests[:1] + markdown[:1] + ["Unowned/Nowhere.swift"]


def commands(root, is_git, base):
    listed = [Command("check --format " + format, ["check", "--format", format]) for format in CHECK_FORMATS]
    listed += [
        Command("check --preset layers", ["check", "--preset", "layers"]),
        Command("report", ["report"]),
        Command("graph --format dot", ["graph", "--format", "dot"]),
        Command("graph --format json", ["graph", "--format", "json"]),
        Command("graph --format mermaid", ["graph", "--format", "mermaid"]),
        Command("graph --format html", ["graph", "--format", "html"]),
        Command("graph --format json --edges both", ["graph", "--format", "json", "--edges", "both"]),
        Command("baseline --baseline FILE", ["baseline", "--baseline", "{work}/out/bulkhead-baseline.json"],
                files=["{work}/out/bulkhead-baseline.json"]),
        Command("imports", ["imports"]),
        Command("imports --format json", ["imports", "--format", "json"]),
        Command("why", None),
        Command("why --format json", None),
        Command("footprint", ["footprint"]),
        Command("footprint --format json", ["footprint", "--format", "json"]),
        Command("affected --files", ["affected", "--files", "-"], stdin="\n".join(sample_files(root)) + "\n"),
        Command("affected --files --format json", ["affected", "--files", "-", "--format", "json"],
                stdin="\n".join(sample_files(root)) + "\n"),
        Command("affected --files --explain", ["affected", "--files", "-", "--explain"], stdin="\n".join(sample_files(root)) + "\n"),
    ]
    if is_git and base:
        listed += [
            Command("affected --base " + base, ["affected", "--base", base]),
            Command("affected --base %s --format json" % base, ["affected", "--base", base, "--format", "json"]),
        ]
    listed += [
        Command("rules", ["rules"]),
        Command("rules --all", ["rules", "--all"]),
        Command("rules --format markdown", ["rules", "--format", "markdown"]),
        Command("canary", ["canary"]),
        Command("canary --format json", ["canary", "--format", "json"]),
    ]
    return listed


def why_pair(graph_json):
    """The first declared dependency between two targets the graph shows, as why's FROM and TO
    (package/name when a name repeats); None when there is none or the graph is not JSON."""
    try:
        document = json.loads(graph_json)
    except ValueError:
        return None
    targets = document.get("targets", []) if isinstance(document, dict) else []
    names = [target.get("name") for target in targets if isinstance(target, dict)]

    def spelled(package, name):
        return name if names.count(name) == 1 else "%s/%s" % (package, name)

    for target in targets:
        for dependency in target.get("dependencies", []) if isinstance(target, dict) else []:
            if isinstance(dependency, dict) and dependency.get("target") and dependency.get("target") in names:
                return spelled(target.get("package"), target.get("name")), spelled(dependency.get("package"), dependency["target"])
    return None


def network_wrapper():
    """`unshare -n` where it can make a network namespace here, else nothing (the proxies in
    the environment then lead nowhere)."""
    unshare = shutil.which("unshare")
    if unshare:
        try:
            if subprocess.run([unshare, "-n", "true"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=10).returncode == 0:
                return [unshare, "-n"]
        except (OSError, subprocess.TimeoutExpired):
            pass
    return []


def environment(work):
    values = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": work + "/home",
        "BULKHEAD_CACHE_DIR": work + "/cache",
        "XDG_CACHE_HOME": work + "/home/.cache",
        "TMPDIR": work + "/tmp",
        "LANG": "C.UTF-8",
        "NO_COLOR": "1",
        "TERM": "dumb",
        "GIT_TERMINAL_PROMPT": "0",
        "GIT_CONFIG_NOSYSTEM": "1",
    }
    for name in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        values[name] = "http://127.0.0.1:9"
    values["no_proxy"] = values["NO_PROXY"] = ""
    # The toolchain the user chose, if any, is the same for both binaries.
    for name in ("BULKHEAD_SWIFT_EXEC", "SWIFT_EXEC", "DEVELOPER_DIR", "SDKROOT"):
        if name in os.environ:
            values[name] = os.environ[name]
    return values


def run(binary, arguments, folder, env, stdin, timeout, wrapper):
    """One run in its own process group, stopped with its children at the timeout."""
    process = subprocess.Popen(wrapper + [binary] + arguments, cwd=folder, env=env, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        stdout, stderr = process.communicate(input=(stdin or "").encode(), timeout=timeout)
        return process.returncode, stdout, stderr
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        stdout, stderr = process.communicate()
        return "timed out after %ds" % timeout, stdout, stderr


def fresh_work(work):
    """The scratch folders, emptied: each binary starts from the same nothing at the same paths."""
    if os.path.exists(work):
        shutil.rmtree(work)
    for name in ("home", "cache", "tmp", "out"):
        os.makedirs(os.path.join(work, name))


def copy_root(root, destination):
    shutil.copytree(root, destination, symlinks=True, ignore=shutil.ignore_patterns(".build"))


def run_all(binary, root, work, listed, pair, timeout, wrapper):
    """Every command with one binary, in a fresh copy of the root. Returns the outcomes by
    command name and the why pair (found in this run's graph JSON when not given)."""
    fresh_work(work)
    folder = os.path.join(work, "root")
    copy_root(root, folder)
    env = environment(work)
    outcomes = {}
    for command in listed:
        if command.arguments is None:
            if pair is None:
                continue
            arguments = ["why", pair[0], pair[1]] + (["--format", "json"] if command.name.endswith("json") else [])
        else:
            arguments = [argument.replace("{work}", work) for argument in command.arguments]
        files = [path.replace("{work}", work) for path in command.files]
        for path in files:
            if os.path.exists(path):
                os.remove(path)
        status, stdout, stderr = run(binary, arguments, folder, env, command.stdin, timeout, wrapper)
        written = {}
        for path in files:
            try:
                with open(path, "rb") as handle:
                    written[os.path.relpath(path, work)] = handle.read()
            except OSError:
                written[os.path.relpath(path, work)] = None
        outcomes[command.name] = Outcome(status, stdout, stderr, written)
        if command.name == "graph --format json" and pair is None:
            pair = why_pair(stdout.decode("utf-8", "replace"))
    return outcomes, pair


def differences(before, after):
    """A unified diff of each part that differs, as lines."""
    lines = []

    def compare(label, old, new):
        if old == new:
            return
        if old is None or new is None:
            lines.append("%s: %s before, %s after" % (label, "absent" if old is None else "present", "absent" if new is None else "present"))
            return
        old_lines = old.decode("utf-8", "replace").splitlines(keepends=True)
        new_lines = new.decode("utf-8", "replace").splitlines(keepends=True)
        diff = list(difflib.unified_diff(old_lines, new_lines, "before " + label, "after " + label, n=2))
        if not diff:
            # Same lines, different bytes (a line end, invalid UTF-8): show the bytes.
            diff = ["%s differs in bytes only: %r… vs %r…\n" % (label, old[:60], new[:60])]
        lines.extend(line.rstrip("\n") for line in diff)

    if before.status != after.status:
        lines.append("exit status: %s before, %s after" % (before.status, after.status))
    compare("stdout", before.stdout, after.stdout)
    compare("stderr", before.stderr, after.stderr)
    for path in sorted(set(before.files) | set(after.files)):
        compare(path, before.files.get(path), after.files.get(path))
    return lines


def is_git_repository(root):
    return subprocess.run(["git", "-C", root, "rev-parse", "--is-inside-work-tree"], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0 and os.path.exists(os.path.join(root, ".git"))


def has_revision(root, revision):
    return subprocess.run(["git", "-C", root, "rev-parse", "--verify", "--quiet", revision + "^{commit}"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="the bulkhead binary before the change")
    parser.add_argument("--after", required=True, help="the bulkhead binary after the change")
    parser.add_argument("--repo", action="append", default=[], help="a real repository to run on too (repeatable)")
    parser.add_argument("--base", default="HEAD~1", help="the revision affected --base compares with in a git root (default HEAD~1)")
    parser.add_argument("--no-fixtures", action="store_true", help="only the --repo roots")
    parser.add_argument("--only", action="append", default=[], help="only roots whose folder name is this (repeatable)")
    parser.add_argument("--timeout", type=int, default=120, help="seconds each command may take (default 120)")
    try:
        options = parser.parse_args()
    except SystemExit as exit:
        sys.exit(64 if exit.code else 0)

    binaries = {}
    for label, path in (("before", options.before), ("after", options.after)):
        binary = os.path.abspath(path)
        if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
            print("output_identity: the %s binary %s is not an executable file; build it first (swift build)." % (label, path), file=sys.stderr)
            sys.exit(2)
        binaries[label] = binary
    roots = [] if options.no_fixtures else fixture_roots()
    for repository in options.repo:
        if not os.path.isdir(repository):
            print("output_identity: --repo %s is not a folder." % repository, file=sys.stderr)
            sys.exit(64)
        roots.append(os.path.abspath(repository))
    if options.only:
        roots = [root for root in roots if os.path.basename(root.rstrip("/")) in options.only]
    if not roots:
        print("output_identity: no roots to run on.", file=sys.stderr)
        sys.exit(64)

    wrapper = network_wrapper()
    print("network: %s" % ("none (unshare -n)" if wrapper else "proxies to 127.0.0.1:9 (unshare -n unavailable)"), flush=True)
    tally = {"same": 0, "DIFFERENT": 0, "skipped": 0}
    scratch = tempfile.mkdtemp(prefix="bulkhead-output-identity-")
    try:
        for root in roots:
            label = os.path.relpath(root, ROOT) if root.startswith(ROOT + os.sep) else root
            is_git = is_git_repository(root)
            base = options.base if is_git and has_revision(root, options.base) else None
            listed = commands(root, is_git, base)
            work = os.path.join(scratch, "work")
            before, pair = run_all(binaries["before"], root, work, listed, None, options.timeout, wrapper)
            after, _ = run_all(binaries["after"], root, work, listed, pair, options.timeout, wrapper)
            for command in listed:
                key = "%s: %s" % (label, command.name)
                if command.name not in before:
                    print("%s: skipped (no declared dependency between two targets to ask why about)" % key)
                    tally["skipped"] += 1
                    continue
                lines = differences(before[command.name], after[command.name])
                if lines:
                    print("%s: DIFFERENT" % key)
                    for line in lines[:DIFF_LINES]:
                        print("    " + line)
                    if len(lines) > DIFF_LINES:
                        print("    … %d more lines" % (len(lines) - DIFF_LINES))
                    tally["DIFFERENT"] += 1
                else:
                    print("%s: same (exit %s)" % (key, before[command.name].status))
                    tally["same"] += 1
            if not is_git:
                print("%s: affected --base: skipped (not a git repository; affected --files ran instead)" % label)
                tally["skipped"] += 1
            elif base is None:
                print("%s: affected --base: skipped (no revision %s; give --base REV)" % (label, options.base))
                tally["skipped"] += 1
            sys.stdout.flush()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print("tally: %d same, %d different, %d skipped over %d roots" % (tally["same"], tally["DIFFERENT"], tally["skipped"], len(roots)))
    sys.exit(1 if tally["DIFFERENT"] else 0)


if __name__ == "__main__":
    main()
