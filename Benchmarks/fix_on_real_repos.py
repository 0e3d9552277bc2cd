#!/usr/bin/env python3
"""`bulkhead check --fix` on real repositories, judged by what the build would see.

For each repository (a folder; it is cloned to a temporary folder first, so the original is never
changed):
  1. `swift package dump-package` of every manifest the fix edits, before and after;
     the dumps must differ only in the `dependencies` of the targets the diff touched, and in each
     such list only by the names the diff added or removed;
  2. every edited `project.pbxproj` must parse with this script's own OpenStep property-list
     reader (a second reader, independent of Bulkhead's) and keep its line endings;
  3. `bulkhead check` after the fix must report no more unreachable-import findings than before
     (no dependant lost a path to a module);
  4. a second `--fix` must change nothing.

Usage: fix_on_real_repos.py BULKHEAD REPO [REPO ...]
Prints one block per repository and exits 1 when any check fails.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile


def run(arguments, cwd, timeout=900):
    return subprocess.run(arguments, cwd=cwd, capture_output=True, text=True, timeout=timeout)


def dump(folder):
    result = run(["swift", "package", "dump-package"], folder)
    if result.returncode != 0:
        return None, result.stderr.strip().splitlines()[:1]
    return json.loads(result.stdout), None


def dependency_name(element):
    (value,) = element.values()
    return value[0]


def compare_dumps(before, after):
    """Target name -> (removed names, added names) and a list of unintended differences."""
    problems = []
    for key in sorted(set(before) | set(after)):
        if key != "targets" and before.get(key) != after.get(key):
            problems.append(f"package key '{key}' changed")
    old = {t["name"]: t for t in before.get("targets", [])}
    new = {t["name"]: t for t in after.get("targets", [])}
    if set(old) != set(new):
        problems.append("targets appeared or disappeared")
    changes = {}
    for name in sorted(set(old) & set(new)):
        a, b = old[name], new[name]
        for key in sorted(set(a) | set(b)):
            if key != "dependencies" and a.get(key) != b.get(key):
                problems.append(f"target {name}: '{key}' changed")
        da, db = a.get("dependencies", []), b.get("dependencies", [])
        if da == db:
            continue
        # The fix removes elements (for equal ones, all but the last) and appends new ones: the
        # new list is the old one less the removed, in order, then the added.
        key = lambda e: json.dumps(e, sort_keys=True)
        count_old, count_new = {}, {}
        for e in da:
            count_old[key(e)] = count_old.get(key(e), 0) + 1
        for e in db:
            count_new[key(e)] = count_new.get(key(e), 0) + 1
        to_remove = {k: n - count_new.get(k, 0) for k, n in count_old.items() if n > count_new.get(k, 0)}
        kept = []
        for e in da:
            if to_remove.get(key(e), 0) > 0:
                to_remove[key(e)] -= 1
            else:
                kept.append(e)
        removed = [dependency_name(e) for e in da if count_old[key(e)] > count_new.get(key(e), 0)]
        added = [dependency_name(e) for e in db[len(kept):]]
        if db[: len(kept)] != kept:
            problems.append(f"target {name}: the list changed other than by removing and appending")
        if any(count_new[key(e)] > count_old.get(key(e), 0) for e in db[len(kept):]) is False and db[len(kept):]:
            problems.append(f"target {name}: appended elements were there before")
        changes[name] = (sorted(set(removed)), added)
    return changes, problems


# A second reader of OpenStep property lists (project.pbxproj), written for this check alone.
TOKEN = re.compile(rb'\s+|//[^\n]*|/\*.*?\*/|"(?:[^"\\]|\\.)*"|[A-Za-z0-9_$+/:.\-]+|[{}()=;,]', re.S)


def parse_openstep(data):
    tokens = [t for t in TOKEN.findall(data) if not (t.isspace() or t.startswith(b"//") or t.startswith(b"/*"))]
    if sum(len(t) for t in tokens) == 0:
        raise ValueError("empty")
    position = 0

    def value():
        nonlocal position
        token = tokens[position]
        position += 1
        if token == b"{":
            result = {}
            while tokens[position] != b"}":
                key = value()
                if tokens[position] != b"=":
                    raise ValueError(f"expected = after {key!r}")
                position += 1
                result[key] = value()
                if tokens[position] != b";":
                    raise ValueError(f"expected ; after value of {key!r}")
                position += 1
            position += 1
            return result
        if token == b"(":
            result = []
            while tokens[position] != b")":
                result.append(value())
                if tokens[position] == b",":
                    position += 1
                elif tokens[position] != b")":
                    raise ValueError("expected , or )")
            position += 1
            return result
        if token in (b"}", b")", b"=", b";", b","):
            raise ValueError(f"unexpected {token!r}")
        return token.decode("utf-8", "replace").strip('"')

    root = value()
    if position != len(tokens):
        raise ValueError("bytes after the root object")
    if not isinstance(root, dict) or not isinstance(root.get("objects"), dict):
        raise ValueError("no objects")
    return root


def edited_files(diff):
    return sorted(set(re.findall(r"^\+\+\+ b/(.+)$", diff, re.M)))


def summary_line(stderr):
    lines = [l for l in stderr.splitlines() if l.startswith("bulkhead: ") and ("fix" in l)]
    return lines[-1] if lines else "(no summary)"


def count_rule(output, rule):
    return len(re.findall(r"\[" + re.escape(rule) + r"\]", output))


def judge(bulkhead, source):
    failures = []
    work = tempfile.mkdtemp(prefix="bulkhead-fix-real-")
    repo = os.path.join(work, "repo")
    subprocess.run(["git", "clone", "-q", source, repo], check=True)
    base = [bulkhead]
    check_before = run(base + ["check", "--no-cache"], repo)
    unreachable_before = count_rule(check_before.stdout, "unreachable-import")
    dry = run(base + ["check", "--fix", "--dry-run", "--no-cache"], repo)
    files = edited_files(dry.stdout + dry.stderr)
    manifests = [f for f in files if f.endswith(".swift")]
    projects = [f for f in files if f.endswith("project.pbxproj")]
    dumps_before = {}
    for manifest in manifests:
        folder = os.path.join(repo, os.path.dirname(manifest))
        dumps_before[manifest], error = dump(folder)
        if error:
            failures.append(f"{manifest}: does not dump before the fix: {error}")
    endings = {}
    for project in projects:
        with open(os.path.join(repo, project), "rb") as handle:
            data = handle.read()
        endings[project] = data.count(b"\r\n") > data.count(b"\n") // 2
    fixed = run(base + ["check", "--fix", "--no-cache"], repo)
    print(f"  {summary_line(fixed.stderr)}")
    print(f"  edited: {len(manifests)} manifests, {len(projects)} projects")
    intended_total = 0
    for manifest in manifests:
        after, error = dump(os.path.join(repo, os.path.dirname(manifest)))
        if error or dumps_before.get(manifest) is None:
            failures.append(f"{manifest}: does not dump after the fix: {error}")
            continue
        changes, problems = compare_dumps(dumps_before[manifest], after)
        failures += [f"{manifest}: {p}" for p in problems]
        entries = sum(len(r) + len(a) for r, a in changes.values())
        intended_total += entries
        print(f"    {manifest}: {len(changes)} targets changed, {entries} dependency entries; other differences: {len(problems)}")
    for project in projects:
        with open(os.path.join(repo, project), "rb") as handle:
            data = handle.read()
        try:
            objects = parse_openstep(data)["objects"]
            print(f"    {project}: parses ({len(objects)} objects)")
        except (ValueError, IndexError) as error:
            failures.append(f"{project}: the second reader refuses it: {error}")
        crlf = data.count(b"\r\n") > data.count(b"\n") // 2
        if crlf != endings[project]:
            failures.append(f"{project}: line endings changed")
    check_after = run(base + ["check", "--no-cache"], repo)
    unreachable_after = count_rule(check_after.stdout, "unreachable-import")
    print(f"  unreachable-import: {unreachable_before} before, {unreachable_after} after")
    if unreachable_after > unreachable_before:
        failures.append(f"unreachable-import went from {unreachable_before} to {unreachable_after}")
    status = run(["git", "status", "--porcelain"], repo).stdout
    again = run(base + ["check", "--fix", "--no-cache"], repo)
    status_again = run(["git", "status", "--porcelain"], repo).stdout
    changed_again = run(["git", "diff", "--stat"], repo).stdout if status != status_again else ""
    second = summary_line(again.stderr)
    print(f"  second run: {second}")
    if edited_files(again.stdout + again.stderr):
        failures.append(f"a second --fix changed files: {edited_files(again.stdout + again.stderr)} {changed_again}")
    shutil.rmtree(work, ignore_errors=True)
    return failures


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 64
    bulkhead = os.path.abspath(sys.argv[1])
    failed = False
    for source in sys.argv[2:]:
        print(f"== {source}")
        failures = judge(bulkhead, os.path.abspath(source))
        for failure in failures:
            print(f"  FAIL {failure}")
        print(f"  {'ok' if not failures else f'{len(failures)} failures'}")
        failed = failed or bool(failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
