#!/usr/bin/env python3
"""Peak memory and time of `bulkhead check --fix --dry-run` on generated workspaces, two binaries
in the same run (the one before a change and the one after), with their ratio.

Two workspaces, each chosen to load without an Xcode install:

- `manifest`: one package whose Package.swift declares many targets over six lines each (about
  6,000 lines at the default size); one target imports a sibling it does not declare, so the fix
  adds one element and the diff is one hunk of a large file. Memory is the question here.
- `project`: an app project (`project.pbxproj` of about 24,000 lines at the default size) with a
  local package of 50 library products; every target imports a product it does not link, so the
  fix links one product to every target: many edits of one large project file. Time is the
  question here.

Each workspace is loaded once by each binary first (the toolchain's answer and the folder
listings are cached, in a cache folder of its own per binary), so the timed runs measure the
check, the fix and the diff. Peak memory is `/usr/bin/time -v`'s maximum resident set size (`-l` on macOS); the
medians of interleaved runs are reported.

    Benchmarks/fix-benchmark.sh --before /path/to/old/bulkhead --after .build/release/bulkhead
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, ".build", "benchmarks", "fix")


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as output:
        output.write(text)


def generate_manifest_workspace(folder, targets):
    """A package of `targets` targets; T0001 imports T0000 without declaring it."""
    lines = ["// swift-tools-version:5.9", "import PackageDescription", "", "let package = Package(",
             '    name: "Big",', "    targets: ["]
    for index in range(targets):
        name = f"T{index:04d}"
        dependencies = [f'                "T{index - 1:04d}",'] if index > 1 else []
        lines += ["        .target(", f'            name: "{name}",', "            dependencies: ["] + dependencies + ["            ]", "        ),"]
        source = f"import T{index - 1:04d}\n" if index >= 1 else ""
        write(os.path.join(folder, "Sources", name, f"{name}.swift"), source + f"public enum {name} {{}}\n")
    lines += ["    ]", ")", ""]
    write(os.path.join(folder, "Package.swift"), "\n".join(lines))
    write(os.path.join(folder, "bulkhead.json"), "{}\n")  # the root: not the repository's own configuration
    return os.path.join(folder, "Package.swift")


class Identifiers:
    def __init__(self):
        self.count = 0

    def next(self):
        self.count += 1
        return "%024X" % (0xF1C500000000000000000000 + self.count)


def generate_project_workspace(folder, targets, files_per_target, products=50):
    """App.xcodeproj with `targets` app targets, each linking Feature(i % products) and
    importing Feature((i + 1) % products) too, and the local package Modules that vends them."""
    package = ["// swift-tools-version:5.9", "import PackageDescription", "", "let package = Package(",
               '    name: "Modules",', "    products: ["]
    package += [f'        .library(name: "Feature{n}", targets: ["Feature{n}"]),' for n in range(products)]
    package += ["    ],", "    targets: ["] + [f'        .target(name: "Feature{n}"),' for n in range(products)] + ["    ]", ")", ""]
    write(os.path.join(folder, "Modules", "Package.swift"), "\n".join(package))
    for n in range(products):
        write(os.path.join(folder, "Modules", "Sources", f"Feature{n}", f"Feature{n}.swift"), f"public enum Feature{n} {{}}\n")

    ids = Identifiers()
    objects = []  # (isa, identifier, name, body)
    project_id, main_group, package_reference = ids.next(), ids.next(), ids.next()
    objects.append(("XCLocalSwiftPackageReference", package_reference, 'XCLocalSwiftPackageReference "Modules"',
                    "\n\t\t\tisa = XCLocalSwiftPackageReference;\n\t\t\trelativePath = Modules;\n\t\t"))
    group_children, target_ids = [], []
    for index in range(targets):
        name = f"App{index:04d}"
        target_id, group_id, sources_id, frameworks_id, list_id = (ids.next() for _ in range(5))
        target_ids.append(target_id)
        group_children.append(group_id)
        linked, imported = index % products, (index + 1) % products
        children, build_files = [], []
        for number in range(files_per_target):
            file_name = f"{name}File{number:03d}.swift"
            file_id, build_id = ids.next(), ids.next()
            children.append(file_id)
            build_files.append(build_id)
            objects.append(("PBXFileReference", file_id, file_name,
                            f'isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = {file_name}; sourceTree = "<group>"; '))
            objects.append(("PBXBuildFile", build_id, f"{file_name} in Sources", f"isa = PBXBuildFile; fileRef = {file_id} /* {file_name} */; "))
            source = f"import Feature{linked}\nimport Feature{imported}\n" if number == 0 else ""
            write(os.path.join(folder, name, file_name), source + f"enum {name}File{number:03d} {{}}\n")
        product_id, product_build = ids.next(), ids.next()
        objects.append(("XCSwiftPackageProductDependency", product_id, f"Feature{linked}",
                        f"\n\t\t\tisa = XCSwiftPackageProductDependency;\n\t\t\tpackage = {package_reference} /* XCLocalSwiftPackageReference \"Modules\" */;"
                        f"\n\t\t\tproductName = Feature{linked};\n\t\t"))
        objects.append(("PBXBuildFile", product_build, f"Feature{linked} in Frameworks",
                        f"isa = PBXBuildFile; productRef = {product_id} /* Feature{linked} */; "))
        objects.append(("PBXGroup", group_id, name, "\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n"
                        + "".join(f"\t\t\t\t{c},\n" for c in children) + f'\t\t\t);\n\t\t\tpath = {name};\n\t\t\tsourceTree = "<group>";\n\t\t'))
        objects.append(("PBXSourcesBuildPhase", sources_id, "Sources", "\n\t\t\tisa = PBXSourcesBuildPhase;\n\t\t\tbuildActionMask = 2147483647;\n\t\t\tfiles = (\n"
                        + "".join(f"\t\t\t\t{b},\n" for b in build_files) + "\t\t\t);\n\t\t\trunOnlyForDeploymentPostprocessing = 0;\n\t\t"))
        objects.append(("PBXFrameworksBuildPhase", frameworks_id, "Frameworks", "\n\t\t\tisa = PBXFrameworksBuildPhase;\n\t\t\tbuildActionMask = 2147483647;"
                        f"\n\t\t\tfiles = (\n\t\t\t\t{product_build} /* Feature{linked} in Frameworks */,\n\t\t\t);\n\t\t\trunOnlyForDeploymentPostprocessing = 0;\n\t\t"))
        configurations = []
        for configuration in ["Debug", "Release"]:
            configuration_id = ids.next()
            configurations.append(configuration_id)
            objects.append(("XCBuildConfiguration", configuration_id, configuration,
                            f'\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {{\n\t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";\n\t\t\t\tSWIFT_VERSION = 6.0;\n\t\t\t}};\n\t\t\tname = {configuration};\n\t\t'))
        objects.append(("XCConfigurationList", list_id, name, "\n\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n"
                        + "".join(f"\t\t\t\t{c},\n" for c in configurations) + "\t\t\t);\n\t\t\tdefaultConfigurationName = Release;\n\t\t"))
        objects.append(("PBXNativeTarget", target_id, name,
                        f"\n\t\t\tisa = PBXNativeTarget;\n\t\t\tbuildConfigurationList = {list_id};\n\t\t\tbuildPhases = (\n\t\t\t\t{sources_id} /* Sources */,\n"
                        f"\t\t\t\t{frameworks_id} /* Frameworks */,\n\t\t\t);\n\t\t\tdependencies = (\n\t\t\t);\n\t\t\tname = {name};\n"
                        f"\t\t\tpackageProductDependencies = (\n\t\t\t\t{product_id} /* Feature{linked} */,\n\t\t\t);\n\t\t\tproductName = {name};\n"
                        f'\t\t\tproductType = "com.apple.product-type.application";\n\t\t'))
    objects.append(("PBXGroup", main_group, "main", "\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n" + "".join(f"\t\t\t\t{c},\n" for c in group_children)
                    + '\t\t\t);\n\t\t\tsourceTree = "<group>";\n\t\t'))
    objects.append(("PBXProject", project_id, "Project object", f"\n\t\t\tisa = PBXProject;\n\t\t\tmainGroup = {main_group};\n\t\t\tpackageReferences = (\n"
                    f'\t\t\t\t{package_reference} /* XCLocalSwiftPackageReference "Modules" */,\n\t\t\t);\n\t\t\tprojectDirPath = "";\n\t\t\tprojectRoot = "";\n'
                    "\t\t\ttargets = (\n" + "".join(f"\t\t\t\t{t},\n" for t in target_ids) + "\t\t\t);\n\t\t"))
    objects.sort(key=lambda item: (item[0], item[1]))
    lines = ["// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tclasses = {", "\t};", "\tobjectVersion = 77;", "\tobjects = {"]
    section = None
    for isa, identifier, name, body in objects:
        if isa != section:
            if section:
                lines.append(f"/* End {section} section */")
            lines += ["", f"/* Begin {isa} section */"]
            section = isa
        lines.append(f"\t\t{identifier} /* {name} */ = {{{body}}};")
    lines += [f"/* End {section} section */", "\t};", f"\trootObject = {project_id} /* Project object */;", "}", ""]
    path = os.path.join(folder, "App.xcodeproj", "project.pbxproj")
    write(path, "\n".join(lines))
    write(os.path.join(folder, "bulkhead.json"), "{}\n")
    return path


def run(binary, folder, cache):
    """(seconds, peak resident kB, bytes of diff printed, stderr) of one `check --fix --dry-run`."""
    environment = dict(os.environ, BULKHEAD_CACHE_DIR=cache, NO_COLOR="1")
    # GNU time's -v reports kilobytes; BSD time's -l (macOS) reports bytes.
    darwin = sys.platform == "darwin"
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-l" if darwin else "-v", binary, "check", "--fix", "--dry-run", "--package-path", "."],
                            capture_output=True, env=environment, cwd=folder)
    elapsed = time.perf_counter() - start
    stderr = result.stderr.decode(errors="replace")
    if result.returncode not in (0, 1):
        sys.exit(f"{binary} exited {result.returncode}:\n{stderr[-3000:]}")
    if darwin:
        peak = int(re.search(r"(\d+)\s+maximum resident set size", stderr).group(1)) // 1024
    else:
        peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", stderr).group(1))
    return elapsed, peak, len(result.stdout), stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", required=True, help="the bulkhead binary before the change")
    parser.add_argument("--after", required=True, help="the bulkhead binary after the change")
    parser.add_argument("--manifest-targets", type=int, default=1000)
    parser.add_argument("--project-targets", type=int, default=160)
    parser.add_argument("--files", type=int, default=20, help="Swift files per project target")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", choices=["manifest", "project"])
    arguments = parser.parse_args()
    subprocess.run(["rm", "-rf", WORK], check=True)
    workspaces = {}
    if arguments.only in (None, "manifest"):
        folder = os.path.join(WORK, "manifest")
        path = generate_manifest_workspace(folder, arguments.manifest_targets)
        workspaces["manifest"] = (folder, path)
    if arguments.only in (None, "project"):
        folder = os.path.join(WORK, "project")
        path = generate_project_workspace(folder, arguments.project_targets, arguments.files)
        workspaces["project"] = (folder, path)
    binaries = {"before": os.path.abspath(arguments.before), "after": os.path.abspath(arguments.after)}
    for name, (folder, path) in workspaces.items():
        with open(path, "rb") as file:
            line_count = file.read().count(b"\n")
        print(f"{name}: {os.path.relpath(path, ROOT)}, {line_count} lines", flush=True)
        caches = {label: os.path.join(WORK, f"cache-{name}-{label}") for label in binaries}
        for label, binary in binaries.items():
            _, _, _, stderr = run(binary, folder, caches[label])  # warms the cache
            summary = [line for line in stderr.splitlines() if "would fix" in line]
            print(f"  {label}: {summary[0].strip() if summary else 'no fix summary: ' + stderr[-500:]}", flush=True)
        samples = {label: [] for label in binaries}
        for _ in range(arguments.runs):
            for label, binary in binaries.items():
                samples[label].append(run(binary, folder, caches[label])[:3])
        medians = {}
        for label, values in samples.items():
            medians[label] = (statistics.median(v[0] for v in values), statistics.median(v[1] for v in values), values[0][2])
            print(f"  {label:6} median {medians[label][0]:7.2f} s   peak {medians[label][1] / 1024:8.1f} MB   diff {medians[label][2]:>10} bytes", flush=True)
        before, after = medians["before"], medians["after"]
        print(f"  before/after: time {before[0] / after[0]:.2f}x, peak memory {before[1] / after[1]:.2f}x, diff bytes {before[2] / max(after[2], 1):.2f}x\n", flush=True)


if __name__ == "__main__":
    main()
