#!/usr/bin/env python3
"""Runs Bulkhead and the peers' own scripts on the same fixtures and prints both answers side by side.

The peers' scripts live in ../shared/peers (beside the clone, as in CI) and are compiled from there
into a temporary folder; they are never copied into the repository, so this comparison is not part
of `swift test`. Each scenario states what both sides answer: where the peer is right, Bulkhead
must agree with it; where the peer is known to be wrong (its line-based scan, its one-package view
of `affected`), the peer's wrong answer is pinned too, so a change on either side shows up here.
Exits 1 when any answer differs from the one stated, 2 when the peers cannot be found or built.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")
ALL_TRAVEL_APP_TESTS = [
    "AnalyticsTests", "BookingTests", "DesignSystemTests", "FoundationKitTests", "HotelDetailTests", "ImageLoadingTests",
    "NetworkingTests", "PaymentTests", "PersistenceTests", "ProfileTests", "SearchTests",
]


def fail(message):
    """The comparison could not run (exit 2), as opposed to an answer that differs (exit 1)."""
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


def run(command, cwd=None, stdin_path=None):
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    try:
        return subprocess.run(command, cwd=cwd, stdin=stdin, capture_output=True, text=True)
    finally:
        if stdin_path:
            stdin.close()


class Comparison:
    """Collects each scenario's two answers, prints them, and remembers every mismatch."""

    def __init__(self):
        self.failures = []

    def show(self, scenario, bulkhead, peer, agree):
        relation = "agree" if agree else "the peer is known to differ"
        print(f"== {scenario} ({relation})")
        print(f"  bulkhead: {bulkhead}")
        print(f"  peer:     {peer}")

    def expect(self, scenario, what, actual, expected):
        if actual != expected:
            self.failures.append(f"{scenario}: {what} was {actual!r}, expected {expected!r}")
            print(f"  MISMATCH: {what} was {actual!r}, expected {expected!r}")


def compile_peers(shared, work):
    peers = {}
    for name in ["check-architecture", "affected-tests"]:
        source = os.path.join(shared, "peers", f"{name}.swift")
        if not os.path.exists(source):
            fail(f"the peer script is expected at {source}, beside the repository as in CI; pass --shared")
        output = os.path.join(work, name)
        compiled = run(["swiftc", "-O", source, "-o", output])
        if compiled.returncode != 0:
            fail(f"could not compile {source}:\n{compiled.stderr}")
        peers[name] = output
    return peers


def bulkhead_binary():
    built = run(["swift", "build", "--product", "bulkhead"], cwd=ROOT)
    if built.returncode != 0:
        fail(f"swift build failed:\n{built.stderr}{built.stdout}")
    folder = run(["swift", "build", "--show-bin-path"], cwd=ROOT).stdout.strip()
    return os.path.join(folder, "bulkhead")


def peer_check(peer, package, work):
    """The peer's usage line: `swift package describe --type json | ./check-architecture`."""
    description = os.path.join(work, "describe.json")
    described = run(["swift", "package", "describe", "--type", "json"], cwd=package)
    with open(description, "w") as file:
        file.write(described.stdout)
    return run([peer], cwd=package, stdin_path=description).stdout


def voyage_with_the_peers_violations(work):
    """The Voyage example with the peer's two violations: CheckoutFeature lists SearchFeature in the
    manifest, and a SearchFeature source imports Networking (as CheckEndToEndTests makes it)."""
    package = os.path.join(work, "Voyage")
    shutil.copytree(os.path.join(ROOT, "Examples", "Voyage"), package)
    manifest = os.path.join(package, "Package.swift")
    text = open(manifest).read().replace(
        'featureTarget("CheckoutFeature", consuming: ["BookingInterface", "PaymentInterface"])',
        'featureTarget("CheckoutFeature", consuming: ["BookingInterface", "PaymentInterface", "SearchFeature"])')
    open(manifest, "w").write(text)
    source = os.path.join(package, "Sources", "Features", "SearchFeature", "SearchViewModel.swift")
    text = open(source).read().replace("import DesignSystem\n", "import DesignSystem\nimport Networking\n")
    open(source, "w").write(text)
    return package


def compare_check(binary, peers, work, comparison):
    package = voyage_with_the_peers_violations(work)
    ours = run([binary, "check", "--preset", "layers", "--format", "xcode"], cwd=package).stdout
    theirs = peer_check(peers["check-architecture"], package, work)
    # "X (Layer) depends on Y (Layer)" / "X (Layer) imports Y (Layer)" against "error: X -> Y: …".
    our_pairs = sorted(f"{a} -> {b}" for a, b in re.findall(r"error: (\w+) \(\w+\) (?:depends on|imports) (\w+)", ours))
    their_pairs = sorted(re.findall(r"^error: (\w+ -> \w+):", theirs, re.MULTILINE))
    scenario = "check: Voyage with the peer's two violations"
    comparison.show(scenario, our_pairs, their_pairs, agree=True)
    comparison.expect(scenario, "bulkhead's violations", our_pairs, ["CheckoutFeature -> SearchFeature", "SearchFeature -> Networking"])
    comparison.expect(scenario, "the peer's violations", their_pairs, our_pairs)
    for line in ["error: CheckoutFeature -> SearchFeature: Features must not depend on Features",
                 "error: SearchFeature -> Networking: undeclared import (SearchViewModel.swift)",
                 "Architecture check: 10 targets, 2 new, 0 in baseline"]:
        comparison.expect(scenario, f"the peer prints '{line}'", line in theirs, True)

    package = os.path.join(FIXTURES, "ScannerTraps")
    ours = run([binary, "check", "--format", "xcode"], cwd=package).stdout
    theirs = peer_check(peers["check-architecture"], package, work)
    our_files = sorted(set(re.findall(r"^Sources/[^:]*/(\w+\.swift):\d+:\d+: error: ", ours, re.MULTILINE)))
    their_files = sorted(set(re.findall(r"undeclared import \((\w+\.swift)\)", theirs)))
    scenario = "check: ScannerTraps (the peer's line-based scan is wrong both ways)"
    comparison.show(scenario, our_files, their_files, agree=False)
    comparison.expect(scenario, "bulkhead's files with undeclared imports", our_files,
                      ["Attributes.swift", "ByteOrderMark.swift", "Semicolons.swift"])
    # It reports imports in a multi-line string, a nested comment and `#if false`…
    for line in ["Feature -> Networking: undeclared import (Strings.swift)",
                 "Feature -> Networking: undeclared import (Conditions.swift)",
                 "Feature -> Storage: undeclared import (Comments.swift)"]:
        comparison.expect(scenario, f"the peer prints '{line}'", line in theirs, True)
    # …and misses the second import after `;` and the dashed target's c99 name.
    comparison.expect(scenario, "the peer mentions Semicolons.swift", "Semicolons.swift" in theirs, False)
    comparison.expect(scenario, "the peer mentions Legacy", "Legacy" in theirs, False)


class Repository:
    """A throwaway git repository: the fixture committed on `main`, then a `feature` branch."""

    def __init__(self, fixture, work):
        self.top = os.path.join(tempfile.mkdtemp(dir=work), os.path.basename(fixture))
        shutil.copytree(os.path.join(FIXTURES, fixture), self.top)
        self.git("init", "-q", "-b", "main")
        self.commit("base")
        self.git("checkout", "-q", "-b", "feature")

    def git(self, *arguments):
        result = run(["git", "-c", "user.name=Test", "-c", "user.email=test@example.com"] + list(arguments), cwd=self.top)
        if result.returncode != 0:
            fail(f"git {' '.join(arguments)}: {result.stderr}")
        return result.stdout

    def commit(self, message):
        self.git("add", "-A")
        self.git("commit", "-q", "--allow-empty", "-m", message)

    def land_and_branch(self, branch):
        self.git("checkout", "-q", "main")
        self.git("merge", "-q", "feature")
        self.git("checkout", "-q", "-b", branch)

    def append(self, line, path):
        with open(os.path.join(self.top, path), "a") as file:
            file.write(line + "\n")

    def write(self, text, path):
        full = os.path.join(self.top, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as file:
            file.write(text)

    def edit(self, path, old, new):
        full = os.path.join(self.top, path)
        text = open(full).read()
        if old not in text:
            fail(f"{path} no longer contains the text this scenario edits")
        open(full, "w").write(text.replace(old, new))

    def affected(self, binary, package="Modules"):
        output = run([binary, "affected", "--package-path", package, "--base", "main"], cwd=self.top).stdout
        return output.split()

    def peer(self, peer, package="Modules"):
        """The peer's usage line: `git diff --name-only main...HEAD | ./affected-tests Modules`."""
        listing = os.path.join(os.path.dirname(self.top), "changed.txt")
        with open(listing, "w") as file:
            file.write(self.git("diff", "--name-only", "main...HEAD"))
        output = run([peer, package], cwd=self.top, stdin_path=listing).stdout
        return [name[len("-only-testing:"):] for name in output.split()]


def payment_source(repository):
    repository.append("// faster", "Modules/Features/Payment/Sources/PaymentScreen.swift")
    repository.commit("payment")


def moved_file(repository):
    repository.git("checkout", "-q", "main")
    repository.write("public enum CardFormatter {}\n", "Modules/Features/Payment/Sources/CardFormatter.swift")
    repository.commit("a second payment source")
    repository.git("checkout", "-q", "-B", "feature", "main")
    repository.git("mv", "Modules/Features/Payment/Sources/CardFormatter.swift", "Modules/Features/Profile/Sources/CardFormatter.swift")
    repository.commit("move")


def settings_only(repository):
    repository.edit("Modules/Package.swift",
                    "resources: feature.hasResources ? [.process(\"Resources\")] : nil,\n                swiftSettings: commonSettings),",
                    "resources: feature.hasResources ? [.process(\"Resources\")] : nil,\n                swiftSettings: commonSettings + (feature.name == .payment ? [.define(\"PAYMENT_V2\")] : [])),")
    repository.commit("settings")


def pin_change(repository):
    repository.write("""{"pins": [
  {"identity": "kingfisher", "kind": "remoteSourceControl", "location": "https://github.com/onevcat/Kingfisher.git", "state": {"revision": "1111", "version": "8.1.3"}},
  {"identity": "unused", "kind": "remoteSourceControl", "location": "https://example.com/unused.git", "state": {"revision": "2222", "version": "1.0.0"}}
], "version": 2}""", "Modules/Package.resolved")
    repository.commit("resolved")
    repository.land_and_branch("bump")
    repository.edit("Modules/Package.resolved", '"1111", "version": "8.1.3"', '"3333", "version": "8.1.4"')
    repository.commit("bump kingfisher")


def readme_only(repository):
    repository.write("# TravelApp\n", "README.md")
    repository.commit("readme")


def three_hops(repository):
    repository.append("// shared", "Core/Sources/Models/Booking.swift")
    repository.commit("models")


# (scenario, fixture, change, bulkhead's package path, the peer's package, bulkhead's answer, the peer's answer)
AFFECTED_SCENARIOS = [
    ("a change in a feature's sources", "TravelApp", payment_source, "Modules", "Modules",
     ["PaymentTests"], ["PaymentTests"]),
    ("a file moved between modules (the peer sees only the new path)", "TravelApp", moved_file, "Modules", "Modules",
     ["PaymentTests", "ProfileTests"], ["ProfileTests"]),
    ("a settings-only edit of one target (the peer runs everything)", "TravelApp", settings_only, "Modules", "Modules",
     ["PaymentTests"], ALL_TRAVEL_APP_TESTS),
    ("a pin change (the peer runs everything)", "TravelApp", pin_change, "Modules", "Modules",
     ["BookingTests", "DesignSystemTests", "HotelDetailTests", "ImageLoadingTests", "PaymentTests", "ProfileTests", "SearchTests"],
     ALL_TRAVEL_APP_TESTS),
    ("a README-only change (the peer runs everything)", "TravelApp", readme_only, "Modules", "Modules",
     [], ALL_TRAVEL_APP_TESTS),
    ("a change three hops down across packages (the peer reads one package)", "LocalPackages", three_hops, ".", "Features",
     ["NetworkingTests", "SearchTests"], ["SearchTests"]),
]


def compare_affected(binary, peers, work, comparison):
    for scenario, fixture, change, package, peer_package, ours_expected, theirs_expected in AFFECTED_SCENARIOS:
        repository = Repository(fixture, work)
        change(repository)
        ours = repository.affected(binary, package)
        theirs = repository.peer(peers["affected-tests"], peer_package)
        title = f"affected: {scenario}"
        comparison.show(title, ours, theirs, agree=ours_expected == theirs_expected)
        comparison.expect(title, "bulkhead's tests", ours, ours_expected)
        comparison.expect(title, "the peer's tests", theirs, theirs_expected)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"),
                        help="the folder holding peers/ with the peers' scripts (default: ../shared beside the clone)")
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="bulkhead-peers-")
    try:
        peers = compile_peers(os.path.abspath(arguments.shared), work)
        binary = bulkhead_binary()
        comparison = Comparison()
        compare_check(binary, peers, work, comparison)
        compare_affected(binary, peers, work, comparison)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print()
    if comparison.failures:
        print(f"{len(comparison.failures)} answers differ from the expected ones:")
        for failure in comparison.failures:
            print(f"  {failure}")
        sys.exit(1)
    print("every answer is as expected: Bulkhead agrees with the peers where they are right")


if __name__ == "__main__":
    main()
