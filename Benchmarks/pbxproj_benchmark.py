#!/usr/bin/env python3
"""Times Bulkhead reading a ~3 MB generated `project.pbxproj` against `cat` of the same file, in
the same run: `bulkhead graph --format json` on a folder holding only that project (no package,
so no toolchain call). Only the project file is written: the sources it lists are resolved
through its groups, not read.

The project is shaped like a large app's: many native targets (apps, extensions, unit and UI
test bundles), each with its own classic group tree of Swift files, build files, a Sources
phase, a configuration list with Debug and Release, target dependencies and package products.
Medians of interleaved runs of the release binary.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, ".build", "benchmarks", "pbxproj")


class Identifiers:
    def __init__(self):
        self.count = 0

    def next(self):
        self.count += 1
        return "%024X" % (0xC0DE00000000000000000000 + self.count)


def generate(folder, targets, files_per_target):
    """Writes Big.xcodeproj/project.pbxproj and empty sources below `folder`; returns its size."""
    ids = Identifiers()
    objects = []  # (isa, identifier, name, body)
    project_id, main_group = ids.next(), ids.next()
    package_reference = ids.next()
    objects.append(("XCLocalSwiftPackageReference", package_reference, "Modules",
                    "isa = XCLocalSwiftPackageReference; relativePath = Modules;"))
    group_children, target_ids = [], []
    kinds = ["application", "app-extension", "bundle.unit-test", "bundle.ui-testing"]
    for index in range(targets):
        name = f"Target{index:04d}"
        kind = kinds[index % 4]
        target_id, group_id, phase_id, list_id = ids.next(), ids.next(), ids.next(), ids.next()
        target_ids.append(target_id)
        group_children.append(group_id)
        sub_group = ids.next()
        children, build_files = [], []
        for number in range(files_per_target):
            file_name = f"{name}File{number:03d}.swift"
            file_id, build_id = ids.next(), ids.next()
            children.append(file_id)
            build_files.append(build_id)
            objects.append(("PBXFileReference", file_id, file_name,
                            f'isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = {file_name}; sourceTree = "<group>";'))
            objects.append(("PBXBuildFile", build_id, f"{file_name} in Sources",
                            f"isa = PBXBuildFile; fileRef = {file_id} /* {file_name} */;"))
        objects.append(("PBXGroup", sub_group, "Sources", "isa = PBXGroup; children = (\n" + "".join(f"\t\t\t\t{c},\n" for c in children)
                        + '\t\t\t); path = Sources; sourceTree = "<group>";'))
        objects.append(("PBXGroup", group_id, name, f'isa = PBXGroup; children = (\n\t\t\t\t{sub_group} /* Sources */,\n\t\t\t); path = {name}; sourceTree = "<group>";'))
        objects.append(("PBXSourcesBuildPhase", phase_id, "Sources", "isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (\n"
                        + "".join(f"\t\t\t\t{b},\n" for b in build_files) + "\t\t\t); runOnlyForDeploymentPostprocessing = 0;"))
        configurations = []
        for configuration in ["Debug", "Release"]:
            configuration_id = ids.next()
            configurations.append(configuration_id)
            settings = 'PRODUCT_NAME = "$(TARGET_NAME)"; SWIFT_VERSION = 6.0; PRODUCT_BUNDLE_IDENTIFIER = "com.example.' + name + '";'
            if configuration == "Debug":
                settings += ' SWIFT_ACTIVE_COMPILATION_CONDITIONS = "DEBUG $(inherited)";'
            if kind == "bundle.unit-test":
                settings += f' TEST_HOST = "$(BUILT_PRODUCTS_DIR)/Target{index - 2:04d}.app/Target{index - 2:04d}";'
            objects.append(("XCBuildConfiguration", configuration_id, configuration,
                            f"isa = XCBuildConfiguration; buildSettings = {{ {settings} }}; name = {configuration};"))
        objects.append(("XCConfigurationList", list_id, name, "isa = XCConfigurationList; buildConfigurations = ("
                        + ", ".join(configurations) + ", ); defaultConfigurationName = Release;"))
        product_id = ids.next()
        objects.append(("XCSwiftPackageProductDependency", product_id, "Feature",
                        f"isa = XCSwiftPackageProductDependency; package = {package_reference}; productName = Feature{index % 50};"))
        dependencies = ""
        if kind.startswith("bundle"):
            dependency_id, proxy_id = ids.next(), ids.next()
            host = target_ids[index - 2 if kind == "bundle.unit-test" else index - 3]
            objects.append(("PBXContainerItemProxy", proxy_id, "proxy", f"isa = PBXContainerItemProxy; containerPortal = {project_id}; proxyType = 1; remoteGlobalIDString = {host};"))
            objects.append(("PBXTargetDependency", dependency_id, "dependency", f"isa = PBXTargetDependency; target = {host}; targetProxy = {proxy_id};"))
            dependencies = f"{dependency_id}, "
        objects.append(("PBXNativeTarget", target_id, name,
                        f"isa = PBXNativeTarget; buildConfigurationList = {list_id}; buildPhases = ({phase_id}, ); dependencies = ({dependencies}); "
                        f'name = {name}; packageProductDependencies = ({product_id}, ); productName = {name}; productType = "com.apple.product-type.{kind}";'))
    objects.append(("PBXGroup", main_group, "main", "isa = PBXGroup; children = (" + ", ".join(group_children) + ', ); sourceTree = "<group>";'))
    objects.append(("PBXProject", project_id, "Project object", f"isa = PBXProject; mainGroup = {main_group}; packageReferences = ({package_reference}, ); "
                    f'projectDirPath = ""; projectRoot = ""; targets = (' + ", ".join(target_ids) + ", );"))
    objects.sort(key=lambda item: (item[0], item[1]))
    lines = ["// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tclasses = {", "\t};", "\tobjectVersion = 56;", "\tobjects = {"]
    section = None
    for isa, identifier, name, body in objects:
        if isa != section:
            if section:
                lines.append(f"/* End {section} section */")
            lines += ["", f"/* Begin {isa} section */"]
            section = isa
        lines.append(f"\t\t{identifier} /* {name} */ = {{{body}}};")
    lines += [f"/* End {section} section */", "\t};", f"\trootObject = {project_id} /* Project object */;", "}", ""]
    os.makedirs(os.path.join(folder, "Big.xcodeproj"), exist_ok=True)
    path = os.path.join(folder, "Big.xcodeproj", "project.pbxproj")
    with open(path, "w") as output:
        output.write("\n".join(lines))
    return path, os.path.getsize(path), len(objects)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--targets", type=int, default=300)
    parser.add_argument("--files", type=int, default=22, help="Swift files per target")
    parser.add_argument("--runs", type=int, default=7)
    arguments = parser.parse_args()
    subprocess.run(["swift", "build", "-c", "release", "--product", "bulkhead"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip() + "/bulkhead"
    folder = os.path.join(WORK, f"Project-{arguments.targets}x{arguments.files}")
    subprocess.run(["rm", "-rf", folder], check=True)
    os.makedirs(folder)
    path, size, count = generate(folder, arguments.targets, arguments.files)
    print(f"{path}: {size / 1e6:.2f} MB, {count} objects, {arguments.targets} targets\n")
    commands = {
        "cat project.pbxproj": ["cat", path],
        "bulkhead graph --format json": [binary, "graph", "--format", "json", "--package-path", folder],
    }
    times = {name: [] for name in commands}
    for _ in range(arguments.runs):
        for name, command in commands.items():
            start = time.perf_counter()
            result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            times[name].append(time.perf_counter() - start)
            if result.returncode != 0:
                sys.exit(f"{name} failed ({result.returncode}): {result.stderr.decode()[:500]}")
    for name, values in times.items():
        print(f"{name:32} median {statistics.median(values):.3f} s  (min {min(values):.3f}, max {max(values):.3f})")


if __name__ == "__main__":
    main()
