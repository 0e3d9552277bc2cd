#!/usr/bin/env python3
"""Writes a large, realistic Swift package, deterministically, for the benchmarks.

Targets sit in Sources/<Layer>/<Target> (the layout the seed's check-architecture script reads),
with layered dependencies declared in Package.swift. Sources mix what real code has: doc and
block comments, multi-line, raw and interpolated strings, #if blocks, attributes, access levels,
`;`-separated imports. Same arguments, same bytes.
"""
import argparse
import os
import random

LAYERS = [("Kernel", 0.08), ("Interfaces", 0.20), ("Infrastructure", 0.22), ("Features", 0.45), ("App", 0.05)]
ALLOWED = {
    "Kernel": [],
    "Interfaces": ["Kernel"],
    "Infrastructure": ["Kernel", "Interfaces", "Infrastructure"],
    "Features": ["Kernel", "Interfaces"],
    "App": ["Kernel", "Interfaces", "Infrastructure", "Features"],
}
WORDS = ("booking payment search hotel flight profile session token route cache request response "
         "amount currency traveller seat itinerary review rating photo map location filter sort page").split()


def type_name(rng):
    return "".join(w.capitalize() for w in rng.sample(WORDS, 2))


def member_name(rng):
    first, second = rng.sample(WORDS, 2)
    return first + second.capitalize()


def declaration(rng, index):
    name = f"{type_name(rng)}{index}"
    kind = rng.choice(["struct", "final class", "enum", "actor"])
    attribute = rng.choice(["", "@MainActor\n", "@available(iOS 17, macOS 14, *)\n", "@frozen\n"]) if kind != "actor" else ""
    lines = [
        f"/// {name} keeps the {rng.choice(WORDS)} state for one {rng.choice(WORDS)}.",
        "///",
        f"/// - Note: never import {rng.choice(WORDS).capitalize()} here; see the architecture notes.",
        f"{attribute}public {kind} {name}{': Sendable' if kind != 'actor' else ''} {{",
    ]
    for member in range(rng.randint(4, 9)):
        property_name = member_name(rng) + str(member)
        choice = rng.random()
        if choice < 0.25:
            lines.append(f"    public static let {property_name} = \"import {rng.choice(WORDS).capitalize()} is not an import: \\({member} + {index})\"")
        elif choice < 0.4:
            lines += [
                f"    static let {property_name}Template = \"\"\"",
                f"        import {rng.choice(WORDS).capitalize()}Kit // inside a multi-line string",
                f"        {rng.choice(WORDS)} = \\({member})",
                "        \"\"\"",
            ]
        elif choice < 0.5:
            lines.append(f"    static let {property_name}Pattern = #\"^import\\s+(\\w+)\" {rng.choice(WORDS)}\"#")
        elif choice < 0.65:
            lines += [
                "    /* A block comment that mentions",
                f"       import {rng.choice(WORDS).capitalize()} /* nested */ and keeps going. */",
                f"    var {property_name}: Int {{ {member} * {index} }}",
            ]
        else:
            lines += [
                f"    public func {property_name}(_ value: Int, label: String = \"{rng.choice(WORDS)}\") -> String {{",
                f"        let scaled = value * {rng.randint(2, 99)} / {rng.randint(1, 9)}",
                "        #if DEBUG",
                f"        print(\"debug \\(scaled) \\(label)\")",
                "        #endif",
                f"        return \"\\(label)-\\(scaled)\"  // {rng.choice(WORDS)}",
                "    }",
            ]
    lines.append("}")
    return "\n".join(lines)


def source_file(rng, target, dependencies, file_index, target_bytes):
    imports = ["import Foundation"]
    for dependency in dependencies:
        spelling = rng.choice(["import {}", "public import {}", "@preconcurrency import {}", "internal import {}"])
        imports.append(spelling.format(dependency))
    if len(imports) > 2 and rng.random() < 0.3:
        imports[1] = imports[1] + "; " + imports.pop()
    imports += ["#if canImport(UIKit)", "import UIKit", "#elseif canImport(AppKit)", "import AppKit", "#endif"]
    parts = [f"// {target}/File{file_index}.swift — generated for the Bulkhead benchmarks.", "\n".join(imports), ""]
    size = sum(len(p) for p in parts)
    index = 0
    while size < target_bytes:
        block = declaration(rng, index)
        parts.append(block)
        parts.append("")
        size += len(block) + 1
        index += 1
    return "\n".join(parts) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--targets", type=int, default=400)
    parser.add_argument("--files-per-target", type=int, default=14)
    parser.add_argument("--file-kilobytes", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--platforms", default="", help='the manifest\'s platforms, e.g. ".iOS(.v16), .macOS(.v13)"; none by default')
    parser.add_argument("output")
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)

    targets = []
    for layer, share in LAYERS:
        count = max(1, round(arguments.targets * share))
        targets += [(layer, f"{layer}Module{i}") for i in range(count)]
    targets = targets[: arguments.targets]
    by_layer = {}
    for layer, name in targets:
        by_layer.setdefault(layer, []).append(name)

    manifest_targets = []
    total = 0
    for layer, name in targets:
        candidates = [other for allowed in ALLOWED[layer] for other in by_layer.get(allowed, []) if other != name]
        # Only targets defined earlier, so the graph has no cycles.
        candidates = [c for c in candidates if targets.index(next(t for t in targets if t[1] == c)) < targets.index((layer, name))]
        dependencies = sorted(rng.sample(candidates, min(len(candidates), rng.randint(0, 5))))
        folder = os.path.join(arguments.output, "Sources", layer, name)
        os.makedirs(folder, exist_ok=True)
        for file_index in range(arguments.files_per_target):
            text = source_file(rng, name, dependencies, file_index, arguments.file_kilobytes * 1024 * rng.uniform(0.5, 1.5))
            with open(os.path.join(folder, f"File{file_index}.swift"), "w") as handle:
                handle.write(text)
            total += len(text.encode())
        quoted = ", ".join(f'"{d}"' for d in dependencies)
        manifest_targets.append(f'        .target(name: "{name}", dependencies: [{quoted}], path: "Sources/{layer}/{name}"),')

    with open(os.path.join(arguments.output, "Package.swift"), "w") as handle:
        handle.write("// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(\n")
        platforms = f"    platforms: [{arguments.platforms}],\n" if arguments.platforms else ""
        handle.write('    name: "Large",\n' + platforms + '    targets: [\n' + "\n".join(manifest_targets) + "\n    ]\n)\n")
    print(f"{len(targets)} targets, {len(targets) * arguments.files_per_target} files, {total / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
