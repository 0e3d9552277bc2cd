#!/usr/bin/env python3
"""Longer differential run on `/`: seeded generated files against `swiftc -emit-imported-modules`.

Each file mixes postfix `!`/`?` before `/`, division, regex literals, operator references,
strings, comments and imports (the statements of Tests/ImportScanningTests/Support/
OperatorSourceGenerator.swift, combined more freely). Files the compiler rejects are counted and
left out; on the others the modules `bulkhead imports` finds must be the compiler's, in order.
Prints agreements and disagreements (with the first few files that disagree). Never a test.

    python3 Benchmarks/regex-fuzz.py --files 400 --seed 1 [--bulkhead .build/debug/bulkhead]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

STATEMENTS = [
    "func half#(_ p: Int?) -> Int { p!/2 }", "let q# = quarter!/4", "let r# = a!/b!/c",
    "let s# = value?/2", "let t# = (a + b)/2/(c)", "let u# = xs[0]/2/1", "let v# = a / b / c",
    "let w# = a/b/c", "let x# = /a+b/", "let y# = optional ?? /x*/", "let z# = f(/a/, /b/)",
    "let m# = [1.0].reduce(1, /)", "let n# = (/)", "let o# = #/a/b/#", 'let p# = "a/b/c"',
    'let g# = "p!/2 \\(q!/4) /"', 'let k# = x!/y; let slash = "/"',
    "let i# = !/a/.wholeMatch(in: text)", "let j# = try? /^x/.firstMatch(in: s)",
    "let d# = Array<Int>()/2", "let e# = count!/*c*/ / 2", "x#!/=2",
    # Freer forms: the compiler may reject some; those are left out of the comparison.
    "let a# = b! / c", "let b# = c !/ d", "let c# = (x)!/2", "let d# = f()!/g()!",
    "let e# = x! /y/", "let f# = [/a/]", "let h# = x ?? y!/z", "let l# = m?.n!/2",
    "let q# = 1/2/3", "let r# = 1.5/x!/2", "let s# = `x`!/2", "let t# = $0!/2",
    'let u# = "\\(a!/2)"/b', "let v# = a!/*/ x */2", "let w# = #\"/\"#/2",
]
TRIVIA = ["// p!/2 import NotImported", "/* a!/b */", "/* /a/ import NotImported */", "/// see x!/y",
          "/* /* nested */ x!/ */"]


def generate(rng):
    counter = 0
    lines = []

    def statement():
        nonlocal counter
        counter += 1
        return rng.choice(STATEMENTS).replace("#", str(counter), 1)

    for _ in range(rng.randint(4, 16)):
        choice = rng.randrange(7)
        if choice < 2:
            counter += 1
            lines.append(f"import Module{counter}")
        elif choice == 2:
            lines.append(rng.choice(TRIVIA))
        elif choice == 3:
            counter += 1
            lines.append(statement() + f"; import Module{counter}")
        else:
            lines.append("; ".join(statement() for _ in range(rng.randint(1, 3))))
    return "\n".join(lines) + "\n"


def compiler_modules(path):
    result = subprocess.run(["swiftc", "-swift-version", "6", "-emit-imported-modules", path, "-o", "-"],
                            capture_output=True, text=True)
    return (result.stdout.split() if result.returncode == 0 else None)


def bulkhead_modules(binary, path):
    result = subprocess.run([binary, "imports", "--quiet", "--format", "json", path], capture_output=True, text=True)
    report = json.loads(result.stdout)
    modules = []
    for entry in report["imports"]:
        if entry["canBeActive"] and entry["module"] not in modules:
            modules.append(entry["module"])
    return modules


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bulkhead", default=os.path.join(ROOT, ".build", "debug", "bulkhead"))
    arguments = parser.parse_args()
    if not os.path.exists(arguments.bulkhead):
        sys.exit(f"no bulkhead at {arguments.bulkhead}: run `swift build` first")
    rng = random.Random(arguments.seed)
    agreements, disagreements, rejected = 0, [], 0
    with tempfile.TemporaryDirectory(prefix="bulkhead-regex-fuzz-") as folder:
        for number in range(arguments.files):
            source = generate(rng)
            path = os.path.join(folder, f"f{number}.swift")
            with open(path, "w") as handle:
                handle.write(source)
            expected = compiler_modules(path)
            if expected is None:
                rejected += 1
                continue
            found = bulkhead_modules(arguments.bulkhead, path)
            if found == expected:
                agreements += 1
            else:
                disagreements.append((number, source, expected, found))
    print(f"seed {arguments.seed}, {arguments.files} files: {agreements} agree, {len(disagreements)} disagree, "
          f"{rejected} rejected by the compiler (left out)")
    for number, source, expected, found in disagreements[:5]:
        print(f"\n--- file {number}: compiler {expected}, bulkhead {found}\n{source}")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
