#!/usr/bin/env python3
"""Runs the hostile-input reproductions of issue 10 against a built `bulkhead` and prints, for
each, the exit status, whether a signal ended it, and whether the outcome is the one promised
(docs/reliability.md). Exits 1 if any outcome differs or any run ends with a signal.

    python3 Benchmarks/hostile_inputs.py [--bulkhead .build/debug/bulkhead]

Each case works in a fresh copy of Examples/Voyage or a scratch folder; nothing in the
repository is changed. The scaling of the quadratic cases is Benchmarks/scaling.py's job.
"""
import argparse
import os
import shutil
import stat
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Case:
    def __init__(self, name, arguments, status, expect=(), setup=None, stdin=None, environment=None, timeout=120, after=None):
        self.name, self.arguments, self.status, self.expect = name, arguments, status, expect
        self.setup, self.stdin, self.environment, self.timeout = setup, stdin, environment or {}, timeout
        # after(folder) -> a list of what is wrong with the files the run left (what its output cannot show).
        self.after = after


def write(path, text, mode="w"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode) as handle:
        handle.write(text)


def fake_swift(folder, body):
    path = os.path.join(folder, "fake-swift")
    write(path, "#!/bin/sh\n" + body + "\n")
    os.chmod(path, 0o755)
    return path


def issue24_repository(f, manifest_dependencies='"B"', package_extra=""):
    """A repository `repo` (marked by its bulkhead.json) beside a folder `outside`."""
    write(f + "/repo/bulkhead.json", "{}\n")
    write(f + "/repo/Package.swift", '// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: "P", %s'
          'targets: [.target(name: "App", dependencies: [%s]), .target(name: "B"), .target(name: "C")])\n' % (package_extra, manifest_dependencies))
    write(f + "/repo/Sources/App/a.swift", "import B\n")
    write(f + "/repo/Sources/B/b.swift", "public let b = 1\n")
    write(f + "/repo/Sources/C/c.swift", "public let c = 1\n")
    os.makedirs(f + "/outside", exist_ok=True)


def hold_lock(folder, seconds):
    """A process holding the `flock` `--fix` takes on `folder` for `seconds`, started and locked
    before this returns; it ends on its own."""
    holder = subprocess.Popen([sys.executable, "-c", "import fcntl, os, sys, time\n"
                               "d = os.open(sys.argv[1], os.O_RDONLY)\nfcntl.flock(d, fcntl.LOCK_EX)\nprint('locked', flush=True)\n"
                               "time.sleep(float(sys.argv[2]))", folder, str(seconds)], stdout=subprocess.PIPE)
    holder.stdout.readline()


def issue24_outside_package(f):
    issue24_repository(f, package_extra='dependencies: [.package(path: "../outside")], ')
    write(f + "/outside/Package.swift", '// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: "Outside", '
          'products: [.library(name: "O", targets: ["O"])], targets: [.target(name: "O"), .target(name: "P")])\n')
    write(f + "/outside/Sources/O/o.swift", "import P\n")
    write(f + "/outside/Sources/P/p.swift", "public let p = 1\n")


def cases():
    voyage = ["--package-path", "Voyage"]
    return [
        Case("deep #if: 50,000 parentheses", ["imports", "deep.swift", "ok.swift"], 1, ["condition-too-deep", "import Fine"],
             lambda f: (write(f + "/deep.swift", "#if " + "(" * 50000 + "A" + ")" * 50000 + "\nimport X\n#endif\n"), write(f + "/ok.swift", "import Fine\n"))),
        Case("deep #if: 80,000 !", ["imports", "deep.swift"], 1, ["condition-too-deep"],
             lambda f: write(f + "/deep.swift", "#if " + "!" * 80000 + "A\nimport X\n#endif\n")),
        Case("deep #if: A && A … 90,000 times", ["imports", "deep.swift"], 0, ["import X"],
             lambda f: write(f + "/deep.swift", "#if " + " && ".join(["A"] * 90000) + "\nimport X\n#endif\n")),
        Case("baseline counts past Int.max", ["check", *voyage, "--preset", "layers", "--quiet"], 1, ["fixed"],
             lambda f: write(f + "/Voyage/bulkhead-baseline.json", '{"version": 1, "tool": "bulkhead", "entries": ['
                             + ",".join('{"rule": "undeclared-import", "file": "Sources/A.swift", "line": "import B", "count": %s}' % c
                                        for c in ("9223372036854775807", "1")) + "]}")),
        Case("a 64 GiB sparse file beside a good one", ["imports", "big.swift", "ok.swift"], 2, ["over the 268435456-byte limit", "import Fine"],
             lambda f: (open(f + "/big.swift", "wb").truncate(64 << 30), write(f + "/ok.swift", "import Fine\n"))),
        Case("p!/2 before an import", ["imports", "half.swift"], 0, ["import Networking"],
             lambda f: write(f + "/half.swift", "func half(_ p: Int?) -> Int { p!/2 }; let q = quarter!/4\nimport Networking\n")),
        Case("--output /dev/null stays a device", ["check", *voyage, "--preset", "layers", "--output", "/dev/null", "--quiet"], 0, []),
        Case("--output Package.swift is refused", ["check", *voyage, "--preset", "layers", "--output", "Voyage/Package.swift"], 2, ["refusing to write"]),
        Case("affected --base --fork-point", ["affected", *voyage, "--base", "--fork-point"], 2, ["is not a commit"],
             lambda f: subprocess.run(["git", "init", "-q", f + "/Voyage"], check=True)),
        Case("a swift that never answers", ["check", *voyage, "--timeout", "2"], 2, ["did not finish within 2 seconds", "--timeout"],
             lambda f: None, environment={"BULKHEAD_SWIFT_EXEC": "FAKE:sleep 600"}),
        Case("a swift killed by a signal", ["check", *voyage], 2, ["signal 11 (SIGSEGV)"],
             lambda f: None, environment={"BULKHEAD_SWIFT_EXEC": "FAKE:kill -SEGV $$"}),
        Case("a dangling bulkhead.json", ["check", *voyage], 2, ["symbolic link to something that does not exist"],
             lambda f: os.symlink("nowhere.json", f + "/Voyage/bulkhead.json")),
        Case("a FIFO bulkhead.json", ["check", *voyage], 2, ["it is a FIFO"],
             lambda f: os.mkfifo(f + "/Voyage/bulkhead.json")),
        Case("a key written twice through an escape", ["check", *voyage], 2, ["preset: written twice"],
             lambda f: write(f + "/Voyage/bulkhead.json", '{ "pre\\u0073et": "layers", "preset": "layers" }')),
        Case("1e309 in bulkhead.json", ["check", *voyage], 2, ["line 1, column 8: the number 1e309 is too large"],
             lambda f: write(f + "/Voyage/bulkhead.json", '{ "x": 1e309 }')),
        Case("a baseline whose version is a string", ["check", *voyage, "--preset", "layers"], 2, ["\"version\" must be a whole number"],
             lambda f: write(f + "/Voyage/bulkhead-baseline.json", '{"version": "1", "tool": "bulkhead", "entries": []}')),
        Case("a dependency cycle", ["check", "--package-path", "cycle"], 2, ["cyclic dependency declaration found"],
             lambda f: (write(f + "/cycle/Package.swift", '// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: "C", targets: [.target(name: "A", dependencies: ["B"]), .target(name: "B", dependencies: ["A"])])\n'),
                        write(f + "/cycle/Sources/A/a.swift", "let a = 1\n"), write(f + "/cycle/Sources/B/b.swift", "let b = 1\n"))),
        Case("a manifest that calls fatalError", ["check", "--package-path", "fatal"], 2, ["stopped with a fatal error", "no manifest today"],
             lambda f: write(f + "/fatal/Package.swift", '// swift-tools-version: 5.9\nimport PackageDescription\nfatalError("no manifest today")\nlet package = Package(name: "F")\n')),
        Case("--output into a missing folder", ["check", *voyage, "--preset", "layers", "--output", "missing/report.txt"], 2, ["does not exist; create it first"]),
        Case("--output into a folder", ["check", *voyage, "--preset", "layers", "--output", "Voyage"], 2, ["is a folder"]),
        Case("report to a full device", ["check", *voyage, "--preset", "layers"], 2, ["no space left on device"], stdin="/dev/full"),
        Case("a newline and ESC in a file name", ["imports", "evil\n\x1b[31mname.swift"], 0, ["evil\\x0A\\x1B[31mname.swift"],
             lambda f: write(f + "/evil\n\x1b[31mname.swift", "import Fine\n")),
        # issue 24: reads outside the root
        # `root` (bulkhead.json forbidding apiKey) beside `outside`, whose file holds the key and a
        # condition too deep to scan: reading it would fail `check` (the identifier) and `imports`.
        Case("an <absolute> synchronized folder outside", ["imports", "--package-path", "root"], 0, ["outside-root", "workspace.include"],
             lambda f: outside_project(f, 'O = { isa = PBXFileSystemSynchronizedRootGroup; path = %s/outside; sourceTree = "<absolute>"; };' % f, folders="O")),
        Case("check with the key outside the root", ["check", "--package-path", "root"], 0, ["outside-root"],
             lambda f: outside_project(f, 'O = { isa = PBXFileSystemSynchronizedRootGroup; path = %s/outside; sourceTree = "<absolute>"; };' % f, folders="O")),
        Case("baseline with the key outside the root", ["baseline", "--package-path", "root"], 0, ["outside-root"],
             lambda f: outside_project(f, 'O = { isa = PBXFileSystemSynchronizedRootGroup; path = %s/outside; sourceTree = "<absolute>"; };' % f, folders="O")),
        Case("a synchronized folder at /usr", ["imports", "--package-path", "root"], 0, ["outside-root: synchronized folder 'usr'"],
             lambda f: outside_project(f, 'O = { isa = PBXFileSystemSynchronizedRootGroup; path = /usr; sourceTree = "<absolute>"; };', folders="O"), timeout=60),
        Case("a SOURCE_ROOT file reference climbing out", ["check", "--package-path", "root"], 0, ["outside-root: file 'Secret.swift'"],
             lambda f: outside_project(f, 'F = { isa = PBXFileReference; path = ../outside/Secret.swift; sourceTree = SOURCE_ROOT; };', files="F")),
        Case("a group climbing out", ["check", "--package-path", "root"], 0, ["in group 'Up'"],
             lambda f: outside_project(f, 'G = { isa = PBXGroup; name = Up; path = ../outside; sourceTree = "<group>"; children = (F); }; '
                                          'F = { isa = PBXFileReference; path = Secret.swift; sourceTree = "<group>"; };', files="F", children="G")),
        Case("a symbolic link out in a project's folder", ["check", "--package-path", "root"], 0, ["outside-root: file 'Leak.swift'"],
             lambda f: (outside_project(f, 'A = { isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };', folders="A"),
                        os.symlink(f + "/outside/Secret.swift", f + "/root/App/Leak.swift"))),
        Case("a package target folder linked to outside", ["check", "--package-path", "root"], 0, ["outside-root: the folder 'Sources/Linked'"],
             lambda f: (outside_files(f), write(f + "/root/Package.swift", '// swift-tools-version: 6.0\nimport PackageDescription\n'
                                                 'let package = Package(name: "R", targets: [.target(name: "Linked")])\n'),
                        os.makedirs(f + "/root/Sources"), os.symlink(f + "/outside", f + "/root/Sources/Linked"))),
        Case(".package(path:) outside the root", ["check", "--package-path", "root"], 0, ["outside-root: .package(path: \"../outside\")"],
             lambda f: (outside_files(f), write(f + "/outside/Package.swift", '// swift-tools-version: 6.0\nimport PackageDescription\n'
                                                 'let package = Package(name: "outside", products: [.library(name: "Leaky", targets: ["Leaky"])], '
                                                 'targets: [.target(name: "Leaky", path: ".", sources: ["Secret.swift"])])\n'),
                        write(f + "/root/Package.swift", '// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: "R", '
                              'dependencies: [.package(path: "../outside")], targets: [.target(name: "R", dependencies: [.product(name: "Leaky", package: "outside")])])\n'),
                        write(f + "/root/Sources/R/R.swift", "import Leaky\n"))),
        Case("workspace.include reads outside on purpose", ["check", "--package-path", "root"], 1, ["forbidden", "../outside/Secret.swift"],
             lambda f: outside_project(f, 'O = { isa = PBXFileSystemSynchronizedRootGroup; path = %s/outside; sourceTree = "<absolute>"; };' % f,
                                       folders="O", include='"../outside"')),
        # issue 24: right file and writes
        Case("--fix edits Package@swift-6.0.swift, not Package.swift", ["check", "--package-path", "repo", "--strict", "--fix"], 0,
             ["--- a/Package@swift-6.0.swift", "fixed 1 finding in 1 manifest; 0 left"],
             lambda f: (issue24_repository(f),
                        write(f + "/repo/Package@swift-6.0.swift", open(f + "/repo/Package.swift").read().replace('"B"]', '"B", "C"]')),
                        write(f + "/repo/Package.swift", open(f + "/repo/Package.swift").read().replace("6.0", "5.9")))),
        Case("--fix and a .package(path:) outside the root", ["check", "--package-path", "repo", "--fix"], 0,
             ["outside-root: .package(path: \"../outside\")", "fixed 0 findings"],
             issue24_outside_package),
        Case("--fix and a .package(path:) outside the root, included", ["check", "--package-path", "repo", "--fix"], 1,
             ["../outside/Package.swift is outside the repository (reached through .package(path:)", "0 findings"],
             lambda f: (issue24_outside_package(f), write(f + "/repo/bulkhead.json", '{ "workspace": { "include": ["../outside"] } }\n'))),
        Case("--fix through a manifest linked outside", ["check", "--package-path", "repo", "--fix"], 1,
             ["Package.swift is outside the repository (reached through a symbolic link)"],
             lambda f: (issue24_repository(f, manifest_dependencies=""), os.rename(f + "/repo/Package.swift", f + "/outside/Package.swift"),
                        os.symlink("../outside/Package.swift", f + "/repo/Package.swift"))),
        Case("init through a dangling bulkhead.json link", ["init", "--package-path", "repo"], 2,
             ["refusing to write the configuration to", "outside the repository"],
             lambda f: (issue24_repository(f), os.remove(f + "/repo/bulkhead.json"),
                        os.symlink("../outside/created.json", f + "/repo/bulkhead.json"))),
        Case("baseline through a link to a shell file", ["baseline", "--package-path", "repo"], 2,
             ["refusing to write the baseline to", "outside the repository"],
             lambda f: (issue24_repository(f), write(f + "/outside/profile.sh", "echo kept\n"),
                        write(f + "/repo/Sources/App/$(touch PWNED).swift", "import B\n"),
                        os.symlink("../outside/profile.sh", f + "/repo/bulkhead-baseline.json"))),
        Case("--fix with a layer violation left", ["check", "--package-path", "repo", "--fix"], 1, ["layer-dependency", "; 0 left"],
             lambda f: (issue24_repository(f), write(f + "/repo/bulkhead.json",
                        '{"layers": [{"name": "Features", "targets": ["App"], "mayUse": []}, {"name": "Kernel", "targets": ["B", "C"], "mayUse": []}]}'))),
        # issue 49: races with --fix (the timed races themselves are Benchmarks/write_races.py's job)
        Case("--fix removes a killed run's temporary file", ["check", "--package-path", "repo", "--fix"], 0,
             ["bulkhead: removed repo/.Package.swift.bulkhead-dead1, a temporary file left by an interrupted run", "fixed 1 finding"],
             lambda f: (issue24_repository(f, manifest_dependencies=""), write(f + "/repo/.Package.swift.bulkhead-dead1", "half a manifest")),
             after=lambda f: [name for name in os.listdir(f + "/repo") if ".bulkhead-" in name]),
        Case("--fix while another process holds the lock", ["check", "--package-path", "repo", "--fix"], 2,
             ["another Bulkhead run (process", "did not finish within 5 seconds; nothing was written"],
             lambda f: (issue24_repository(f, manifest_dependencies=""), hold_lock(f + "/repo", seconds=10)),
             after=lambda f: ["the manifest was written"] if 'dependencies: ["B"]' in open(f + "/repo/Package.swift").read() else []),
        # issue 24: project-file editor
        Case("--fix keeps a Latin-1 byte of a project file", ["check", "--package-path", "TravelAppProject", "--fix"], 1,
             ["fixed 1 finding"], lambda f: travel_app_project(f, lambda text: text.replace(b"{\n\tarchiveVersion", b"{\n\t/* caf\xe9 */\n\tarchiveVersion")),
             after=lambda f: [] if (lambda b: b"/* caf\xe9 */" in b and b"\xef\xbf\xbd" not in b)(read_bytes(f + "/" + TRAVEL_APP_PBXPROJ))
             else ["the project file's Latin-1 byte was rewritten"]),
        Case("--fix: last item of a one-line list, no comma", ["check", "--package-path", "TravelAppProject", "--fix", "--dry-run"], 1,
             ["(AA0000000000000000000014 /* WidgetModules (product) */); productName = TravelWidget; tags = (a, b);"],
             lambda f: travel_app_project(f, lambda text: text.replace(
                 b"/* WidgetModules (product) */, ); productName = TravelWidget;",
                 b"/* WidgetModules (product) */, BB0000000000000000000001 /* Analytics (product) */); productName = TravelWidget; tags = (a, b);").replace(
                 b"/* End XCSwiftPackageProductDependency section */",
                 b"\t\tBB0000000000000000000001 /* Analytics (product) */ = {isa = XCSwiftPackageProductDependency; package = AA0000000000000000000011"
                 b" /* XCLocalSwiftPackageReference \"Modules\" */; productName = Analytics; };\n/* End XCSwiftPackageProductDependency section */"))),
        # issue 24: manifest editor
        Case("--fix --dry-run: last of a list one a line", ["check", "--package-path", "fix", "--fix", "--dry-run"], 0,
             ["would fix 1 finding", '-        "C"', '+        "B"'],
             lambda f: fix_package(f, '.target(name: "A", dependencies: [\n        "B",\n        "C"\n    ]),', {"A": "B"})),
        Case("--fix: last of a list one a line", ["check", "--package-path", "fix", "--fix"], 0, ["fixed 1 finding", '-        "C"'],
             lambda f: fix_package(f, '.target(name: "A", dependencies: [\n        "B",\n        "C"\n    ]),', {"A": "B"})),
        Case("--fix: a raw-string name", ["check", "--package-path", "fix", "--fix"], 0,
             ["fixed 1 finding", '+    .target(name: #"A"#, dependencies: ["B"]),'],
             lambda f: fix_package(f, '.target(name: #"A"#),', {"A": "B"})),
        Case("--fix: a raw-string element", ["check", "--package-path", "fix", "--fix"], 0,
             ["fixed 1 finding", '+    .target(name: "A", dependencies: ["B"]),'],
             lambda f: fix_package(f, '.target(name: "A", dependencies: [#"C"#, "B"]),', {"A": "B"})),
        Case("--fix: a last element with a line comment", ["check", "--package-path", "fix", "--fix"], 0,
             ["fixed 1 finding", '+        "B", // TODO, drop later', '+        "C"'],
             lambda f: fix_package(f, '.target(name: "A", dependencies: [\n        "B" // TODO, drop later\n    ]),', {"A": "B\nimport C"})),
        Case("--fix: an element with its own comment", ["check", "--package-path", "fix", "--fix"], 0,
             ["fixed 1 finding", '+    .target(name: "A", dependencies: ["B"]),'],
             lambda f: fix_package(f, '.target(name: "A", dependencies: ["C" /* unused */, "B"]),', {"A": "B"})),
        Case("--fix: a list holding only a comment", ["check", "--package-path", "fix", "--fix"], 0,
             ["fixed 1 finding", '+    .target(name: "A", dependencies: [/* keep empty */ "B"]),'],
             lambda f: fix_package(f, '.target(name: "A", dependencies: [/* keep empty */]),', {"A": "B"})),
        Case("--fix: a helper list naming the target", ["check", "--package-path", "fix", "--fix"], 0,
             ["fixed 1 finding", '+    .target(name: "A", dependencies: ["B"]),'],
             lambda f: fix_package(f, '.target(name: "A"),', {"A": "B"},
                                   prefix='let common: [Target.Dependency] = [.target(name: "A")]\n')),
        # issue 24: cache and small items
        Case("cache clear on the working folder", ["cache", "clear"], 2, ["not clearing", "CACHEDIR.TAG", "nothing was deleted"],
             lambda f: write(f + "/notes.txt", "mine\n"), environment={"BULKHEAD_CACHE_DIR": "."}),
        Case("cache clear through a symbolic link", ["cache", "clear"], 0, ["is a symbolic link to", "; cleared"],
             lambda f: (write(f + "/real-cache/CACHEDIR.TAG", CACHE_MARKER), write(f + "/real-cache/graph/v3/x", "entry"),
                        os.symlink("real-cache", f + "/cache"))),
        Case("a file where the cache folder goes", ["check", *voyage, "--preset", "layers", "--quiet"], 0, [],
             lambda f: write(f + "/cache", "a file, not a folder\n")),
        Case("a manifest that checks for lean.flag, warm", ["check", "--package-path", "lean"], 1, ["B"], lean_flag_after_a_warm_run),
        Case("affected with no merge base", ["affected", *voyage, "--base", "unrelated"], 2, ["git fetch --deepen", "fetch-depth: 0"],
             unrelated_history),
        # issue 26: build settings from .xcconfig files the project names
        Case("an .xcconfig that includes itself", ["check", "--package-path", "root"], 0, ["malformed-xcconfig", "#include cycle"],
             lambda f: configured_project(f, '#include "Base.xcconfig"\nSWIFT_VERSION = 5.0\n')),
        Case("an .xcconfig whose values double 40 times", ["check", "--package-path", "root"], 0, [],
             lambda f: configured_project(f, "".join("D%d = $(D%d)$(D%d)\n" % (i, i + 1, i + 1) for i in range(40))
                                          + "D40 = xy\nPRODUCT_NAME = $(D0)\n"), timeout=60),
        Case("an .xcconfig of 200,000 lines of nesting", ["check", "--package-path", "root"], 0, [],
             lambda f: configured_project(f, "N = " + "$(" * 200000 + "X" + ")" * 200000 + "\n"
                                          + "".join("V%d = $(V%d)\n" % (i, i + 1) for i in range(20000))), timeout=60),
    ]


def outside_files(folder, include=""):
    """`root` with a bulkhead.json forbidding apiKey, beside `outside` holding the key."""
    write(folder + "/outside/Secret.swift", "#if " + "(" * 50000 + "A" + ")" * 50000 + "\nimport X\n#endif\nlet apiKey = \"sk-live-0000\"\n")
    write(folder + "/root/bulkhead.json", '{ "source": { "forbiddenIdentifiers": [{ "identifiers": ["apiKey"] }] }, "workspace": { "include": [%s] } }' % include)
    write(folder + "/root/App/Main.swift", "import Foundation\n")


def outside_project(folder, objects, folders="", files="", children="", include=""):
    """`outside_files`, and root/App.xcodeproj whose target App builds `files` and `folders`."""
    outside_files(folder, include)
    builds = "".join("B%s = { isa = PBXBuildFile; fileRef = %s; }; " % (name, name) for name in files.split())
    write(folder + "/root/App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ archiveVersion = 1; objectVersion = 77; objects = {\n"
          'P = { isa = PBXProject; mainGroup = M; targets = (T); };\nM = { isa = PBXGroup; children = (%s); sourceTree = "<group>"; };\n%s\n%s\n'
          "S = { isa = PBXSourcesBuildPhase; files = (%s); };\n"
          'T = { isa = PBXNativeTarget; name = App; buildPhases = (S); fileSystemSynchronizedGroups = (%s); productType = "com.apple.product-type.application"; };\n'
          "}; rootObject = P; }\n" % (children, objects, builds, ", ".join("B" + name for name in files.split()), folders))


def configured_project(folder, xcconfig):
    """root/App.xcodeproj whose one configuration is based on root/Base.xcconfig (`xcconfig`),
    with one app target compiling the synchronized folder App."""
    write(folder + "/root/Base.xcconfig", xcconfig)
    write(folder + "/root/App/Main.swift", "import Foundation\n")
    write(folder + "/root/App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ archiveVersion = 1; objectVersion = 77; objects = {\n"
          'P = { isa = PBXProject; mainGroup = M; targets = (T); buildConfigurationList = L; };\n'
          'M = { isa = PBXGroup; children = (X, A); sourceTree = "<group>"; };\n'
          'X = { isa = PBXFileReference; path = Base.xcconfig; sourceTree = "<group>"; };\n'
          'A = { isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };\n'
          'L = { isa = XCConfigurationList; buildConfigurations = (C); };\n'
          'C = { isa = XCBuildConfiguration; name = Debug; baseConfigurationReference = X; buildSettings = { }; };\n'
          'T = { isa = PBXNativeTarget; name = App; buildPhases = (); fileSystemSynchronizedGroups = (A); productType = "com.apple.product-type.application"; };\n'
          "}; rootObject = P; }\n")


TRAVEL_APP_PBXPROJ = "TravelAppProject/TravelApp.xcodeproj/project.pbxproj"


def read_bytes(path):
    with open(path, "rb") as handle:
        return handle.read()


def travel_app_project(folder, edit):
    """Copies the Xcode project fixture into `folder` and edits its project file's bytes."""
    shutil.copytree(os.path.join(ROOT, "Tests", "Fixtures", "TravelAppProject"), os.path.join(folder, "TravelAppProject"))
    path = os.path.join(folder, TRAVEL_APP_PBXPROJ)
    edited = edit(read_bytes(path))
    with open(path, "wb") as handle:
        handle.write(edited)


def fix_package(folder, declaration, imports, prefix=""):
    """A package for `check --fix`: `declaration` among plain targets A, B and C, each a folder
    with one file; `imports` maps a target to the modules its file imports (`import` + the text)."""
    write(folder + "/fix/Package.swift", "// swift-tools-version: 5.9\nimport PackageDescription\n" + prefix
          + 'let package = Package(\n    name: "Fix",\n    targets: [\n    ' + declaration
          + '\n    .target(name: "B"),\n    .target(name: "C"),\n    ]\n)\n')
    for target in ("A", "B", "C"):
        write(folder + "/fix/Sources/%s/%s.swift" % (target, target), ("import " + imports[target] + "\n" if target in imports else "") + "let x%s = 1\n" % target)


# What Bulkhead writes into a cache folder it makes (CacheLocation.marker).
CACHE_MARKER = ("Signature: 8a477f597d28d172789f06886806bc55\n"
                "# This file is a cache directory tag created by Bulkhead; `bulkhead cache clear` empties this folder.\n")


def lean_flag_after_a_warm_run(folder):
    """A manifest that drops A's dependency on B when lean.flag exists, loaded once (so the cache
    is warm) before the flag appears: the case's run must see the flag, and A's import of B."""
    write(folder + "/lean/Package.swift", "// swift-tools-version: 5.9\nimport PackageDescription\nimport Foundation\n"
          "let lean = (try? URL(fileURLWithPath: #filePath).deletingLastPathComponent()"
          ".appendingPathComponent(\"lean.flag\").checkResourceIsReachable()) ?? false\n"
          "let package = Package(name: \"L\", targets: [.target(name: \"A\", dependencies: lean ? [] : [\"B\"]), .target(name: \"B\")])\n")
    write(folder + "/lean/Sources/A/a.swift", "import B\n")
    write(folder + "/lean/Sources/B/b.swift", "public let b = 1\n")
    environment = dict(os.environ, BULKHEAD_CACHE_DIR=os.path.join(folder, "cache"))
    subprocess.run([os.path.join(ROOT, ".build", "debug", "bulkhead"), "check", "--package-path", "lean", "--quiet"],
                   cwd=folder, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300)
    write(folder + "/lean/lean.flag", "")


def unrelated_history(folder):
    """Voyage as a repository whose branch `unrelated` shares no commit with HEAD: what a shallow clone looks like."""
    git = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-C", folder + "/Voyage"]
    for arguments in (["init", "-q", "-b", "main"], ["commit", "-q", "--allow-empty", "-m", "base"],
                      ["checkout", "-q", "--orphan", "unrelated"], ["commit", "-q", "--allow-empty", "-m", "other"],
                      ["checkout", "-q", "main"]):
        subprocess.run(git + arguments, check=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bulkhead", default=os.path.join(ROOT, ".build", "debug", "bulkhead"))
    arguments = parser.parse_args()
    bulkhead = os.path.abspath(arguments.bulkhead)
    if not os.path.exists(bulkhead):
        sys.exit(f"no bulkhead at {bulkhead}: run `swift build` first")
    failures = 0
    print(f"{'case':<44}{'status':>7}  {'signal':<7} outcome")
    for case in cases():
        with tempfile.TemporaryDirectory(prefix="bulkhead-hostile-") as folder:
            shutil.copytree(os.path.join(ROOT, "Examples", "Voyage"), os.path.join(folder, "Voyage"))
            # As a new user's package: no configuration (the example's own marks it a root of its own).
            os.remove(os.path.join(folder, "Voyage", "bulkhead.json"))
            if case.setup:
                case.setup(folder)
            environment = dict(os.environ)
            # A cache of its own per case, removed with the folder: no case sees another's answers.
            environment["BULKHEAD_CACHE_DIR"] = os.path.join(folder, "cache")
            for key, value in case.environment.items():
                environment[key] = fake_swift(folder, value[5:]) if value.startswith("FAKE:") else value
            output_target = open(case.stdin, "w") if case.stdin else subprocess.PIPE
            try:
                run = subprocess.run([bulkhead] + case.arguments, cwd=folder, env=environment, stdout=output_target,
                                     stderr=subprocess.PIPE, timeout=case.timeout)
                status = run.returncode
                text = (run.stdout or b"").decode(errors="replace") + run.stderr.decode(errors="replace")
            except subprocess.TimeoutExpired:
                status, text = None, "hung"
            finally:
                if case.stdin:
                    output_target.close()
            wrong_files = case.after(folder) if case.after else []
        signalled = status is not None and status < 0
        missing = [phrase for phrase in case.expect if phrase not in text] + wrong_files
        good = status == case.status and not missing
        failures += 0 if good else 1
        outcome = "as promised" if good else f"expected status {case.status}, missing {missing}: {text.strip()[:300]!r}"
        print(f"{case.name:<44}{str(status):>7}  {'yes' if signalled else 'no':<7} {outcome}", flush=True)
    print(f"{len(cases()) - failures} as promised, {failures} not")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
