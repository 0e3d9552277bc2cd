#!/usr/bin/env python3
"""Writes a repository with the shape of a real app monorepo, deterministically, for the benchmarks.

The shape (issue 28): ~150 targets in 28 local packages (LocalPackages/<Package>) plus two Xcode
projects (an iOS app and a macOS app, hand-written project.pbxproj text with synchronized folders
and local package references), ~5,500 Swift files, ~2,000 imports of modules the importing target
does not declare, iOS and macOS everywhere and four platforms declared by some packages,
platform-conditional dependencies and `#if os(...)`/`canImport` blocks in the sources. Nothing in it
is real code; same arguments, same bytes.
"""
import argparse
import importlib.util
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("generate_package", os.path.join(HERE, "generate-package.py"))
package_generator = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(package_generator)

PLATFORMS_TWO = "[.iOS(.v16), .macOS(.v13)]"
PLATFORMS_FOUR = "[.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)]"


def source_text(rng, target, declared, undeclared, file_index, size):
    """One source: declared imports (some behind `#if os`), an undeclared one when asked, UI kits by canImport."""
    lines = [f"// {target}/File{file_index}.swift — generated for the Bulkhead benchmarks.", "import Foundation"]
    for module in declared:
        if rng.random() < 0.7:
            lines.append(rng.choice(["import {}", "public import {}", "@preconcurrency import {}"]).format(module))
    if declared and rng.random() < 0.2:
        lines += ["#if os(iOS)", f"import {rng.choice(declared)}", "#endif"]
    for module in undeclared:
        lines.append(f"import {module}")
    lines += ["#if canImport(UIKit)", "import UIKit", "#elseif canImport(AppKit)", "import AppKit", "#endif"]
    if rng.random() < 0.1:
        lines += ["#if DEBUG", "import OSLog", "#endif"]
    parts = ["\n".join(lines), ""]
    total = len(parts[0])
    index = 0
    while total < size:
        block = package_generator.declaration(rng, index)
        parts += [block, ""]
        total += len(block) + 1
        index += 1
    return "\n".join(parts) + "\n"


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as handle:
        handle.write(text)
    return len(text.encode())


class Counter:
    def __init__(self):
        self.files = self.bytes = self.undeclared = 0


def write_target_sources(rng, folder, target, declared, pool, files, undeclared_share, counter, kilobytes):
    """Writes `files` sources; a share of them import one module of `pool` the target does not declare."""
    for file_index in range(files):
        undeclared = []
        if pool and rng.random() < undeclared_share:
            undeclared = [rng.choice(pool)]
            counter.undeclared += 1
        size = kilobytes * 1024 * rng.uniform(0.4, 1.6)
        counter.bytes += write(os.path.join(folder, f"File{file_index}.swift"),
                               source_text(rng, target, declared, undeclared, file_index, size))
        counter.files += 1


def generate_packages(rng, output, arguments, counter):
    """28 packages of 4 libraries and 1 test target each; dependencies only on earlier packages."""
    packages = []  # (package name, [library target names])
    for package_index in range(arguments.packages):
        package = f"Package{package_index:02}Kit"
        libraries = [f"P{package_index:02}Module{i}" for i in range(arguments.libraries)]
        earlier = [(name, target) for name, targets in packages for target in targets]
        manifest_targets = []
        used_packages = set()
        for library_index, target in enumerate(libraries):
            # Declared: a couple of libraries of earlier packages (as products), and the previous
            # library of this package; one of the product dependencies only on iOS.
            declared_products = sorted(rng.sample(earlier, min(len(earlier), rng.randint(1, 3)))) if earlier else []
            local = libraries[:library_index][-1:]
            entries = [f'"{dependency}"' for dependency in local]
            for position, (other_package, other_target) in enumerate(declared_products):
                used_packages.add(other_package)
                condition = ", condition: .when(platforms: [.iOS])" if position == 0 and rng.random() < 0.3 else ""
                entries.append(f'.product(name: "{other_target}", package: "{other_package}"{condition})')
            declared = local + [other_target for _, other_target in declared_products]
            # Sometimes a declared dependency is never imported (unused-dependency has work to do).
            imported = [d for d in declared if rng.random() < 0.85]
            pool = [other_target for _, other_target in earlier if other_target not in declared]
            write_target_sources(rng, os.path.join(output, "LocalPackages", package, "Sources", target), target, imported,
                                 pool, arguments.files_per_target, arguments.undeclared_share, counter, arguments.file_kilobytes)
            manifest_targets.append(f'        .target(\n            name: "{target}",\n            dependencies: [{", ".join(entries)}]\n        ),')
        tests = f"{package}Tests"
        write_target_sources(rng, os.path.join(output, "LocalPackages", package, "Tests", tests), tests,
                             [libraries[0], "XCTest"], [], arguments.test_files, 0, counter, arguments.file_kilobytes)
        manifest_targets.append(f'        .testTarget(name: "{tests}", dependencies: ["{libraries[0]}"]),')
        platforms = PLATFORMS_FOUR if package_index % 7 == 3 else PLATFORMS_TWO
        dependencies = "".join(f'        .package(path: "../{name}"),\n' for name in sorted(used_packages))
        products = "".join(f'        .library(name: "{t}", targets: ["{t}"]),\n' for t in libraries)
        manifest = (
            "// swift-tools-version: 5.9\nimport PackageDescription\n\nlet package = Package(\n"
            f'    name: "{package}",\n    platforms: {platforms},\n    products: [\n{products}    ],\n'
            f"    dependencies: [\n{dependencies}    ],\n    targets: [\n" + "\n".join(manifest_targets) + "\n    ]\n)\n"
        )
        write(os.path.join(output, "LocalPackages", package, "Package.swift"), manifest)
        packages.append((package, libraries))
    return packages


class Identifiers:
    """24-hex-digit object identifiers, as Xcode writes them, from a per-project prefix."""

    def __init__(self, prefix):
        self.prefix, self.next = prefix, 0

    def __call__(self):
        self.next += 1
        return f"{self.prefix}{self.next:020X}"


def generate_project(rng, output, name, sdk, products, arguments, counter, prefix, all_targets):
    """An Xcode project with an app, an extension, two test bundles and a framework, each a synchronized folder."""
    make = Identifiers(prefix)
    project, main_group, project_configs = make(), make(), make()
    # (target name, product type, folder, files, package products it links)
    targets = [
        (f"{name}", "com.apple.product-type.application", name, arguments.app_files, products[: len(products) // 2]),
        (f"{name}Extension", "com.apple.product-type.app-extension", f"{name}Extension", arguments.app_files // 6, products[len(products) // 2:][:4]),
        (f"{name}Core", "com.apple.product-type.framework", f"{name}Core", arguments.app_files // 4, products[-3:]),
        (f"{name}Tests", "com.apple.product-type.bundle.unit-test", f"{name}Tests", arguments.app_files // 8, []),
        (f"{name}UITests", "com.apple.product-type.bundle.ui-testing", f"{name}UITests", arguments.app_files // 20, []),
    ]
    references = {}  # package folder -> reference id
    sections = {key: [] for key in ("group", "native", "sources", "frameworks", "configuration", "list", "product", "local", "dependency", "proxy")}
    target_ids = []
    groups = []
    for target, product_type, folder, files, linked in targets:
        target_id, group, sources, frameworks, configs, debug, release = (make() for _ in range(7))
        target_ids.append((target_id, target))
        groups.append((group, folder))
        sections["group"].append(f'\t\t{group} /* {folder} */ = {{isa = PBXFileSystemSynchronizedRootGroup; path = {folder}; sourceTree = "<group>"; }};')
        product_ids = []
        for package, product in linked:
            if package not in references:
                references[package] = make()
                sections["local"].append(f'\t\t{references[package]} /* XCLocalSwiftPackageReference "LocalPackages/{package}" */ = '
                                         f'{{isa = XCLocalSwiftPackageReference; relativePath = LocalPackages/{package}; }};')
            product_id = make()
            product_ids.append(product_id)
            sections["product"].append(f'\t\t{product_id} /* {product} */ = {{isa = XCSwiftPackageProductDependency; '
                                       f'package = {references[package]} /* XCLocalSwiftPackageReference "LocalPackages/{package}" */; productName = {product}; }};')
        dependencies = []
        if product_type.startswith("com.apple.product-type.bundle"):
            host = target_ids[0][0]
            dependency, proxy = make(), make()
            dependencies.append(dependency)
            sections["proxy"].append(f'\t\t{proxy} /* PBXContainerItemProxy */ = {{isa = PBXContainerItemProxy; containerPortal = {project} /* Project object */; '
                                     f'proxyType = 1; remoteGlobalIDString = {host}; remoteInfo = {name}; }};')
            sections["dependency"].append(f'\t\t{dependency} /* PBXTargetDependency */ = {{isa = PBXTargetDependency; target = {host} /* {name} */; targetProxy = {proxy} /* PBXContainerItemProxy */; }};')
        sections["native"].append(
            f'\t\t{target_id} /* {target} */ = {{isa = PBXNativeTarget; buildConfigurationList = {configs}; buildPhases = ({sources}, {frameworks}, ); '
            f'buildRules = ( ); dependencies = ({"".join(d + ", " for d in dependencies)}); fileSystemSynchronizedGroups = ({group} /* {folder} */, ); '
            f'name = {target}; packageProductDependencies = ({"".join(p + ", " for p in product_ids)}); productName = {target}; productType = "{product_type}"; }};')
        sections["sources"].append(f"\t\t{sources} /* Sources */ = {{isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = ( ); runOnlyForDeploymentPostprocessing = 0; }};")
        sections["frameworks"].append(f"\t\t{frameworks} /* Frameworks */ = {{isa = PBXFrameworksBuildPhase; buildActionMask = 2147483647; files = ( ); runOnlyForDeploymentPostprocessing = 0; }};")
        host_setting = f' TEST_HOST = "$(BUILT_PRODUCTS_DIR)/{name}.app/{name}";' if product_type.endswith("unit-test") else ""
        host_setting += f" TEST_TARGET_NAME = {name};" if product_type.endswith("ui-testing") else ""
        sections["configuration"].append(f'\t\t{debug} /* Debug */ = {{isa = XCBuildConfiguration; buildSettings = {{PRODUCT_NAME = "$(TARGET_NAME)"; '
                                         f'SWIFT_ACTIVE_COMPILATION_CONDITIONS = "DEBUG $(inherited)"; SWIFT_VERSION = 5.0;{host_setting} }}; name = Debug; }};')
        sections["configuration"].append(f'\t\t{release} /* Release */ = {{isa = XCBuildConfiguration; buildSettings = {{PRODUCT_NAME = "$(TARGET_NAME)"; '
                                         f'SWIFT_VERSION = 5.0;{host_setting} }}; name = Release; }};')
        sections["list"].append(f"\t\t{configs} /* Build configuration list */ = {{isa = XCConfigurationList; buildConfigurations = ({debug}, {release}, ); defaultConfigurationName = Release; }};")
        # The app's sources import what it links, and now and then a library it does not link.
        declared = [product for _, product in linked]
        if product_type.startswith("com.apple.product-type.bundle"):
            declared = [name, "XCTest"]
        pool = [t for t in all_targets if t not in declared]
        write_target_sources(rng, os.path.join(output, folder), target, declared, pool, files,
                             arguments.undeclared_share, counter, arguments.file_kilobytes)
    debug, release = make(), make()
    sections["configuration"].append(f"\t\t{debug} /* Debug */ = {{isa = XCBuildConfiguration; buildSettings = {{SDKROOT = {sdk}; }}; name = Debug; }};")
    sections["configuration"].append(f"\t\t{release} /* Release */ = {{isa = XCBuildConfiguration; buildSettings = {{SDKROOT = {sdk}; }}; name = Release; }};")
    sections["list"].append(f"\t\t{project_configs} /* Build configuration list */ = {{isa = XCConfigurationList; buildConfigurations = ({debug}, {release}, ); defaultConfigurationName = Release; }};")
    children = "".join(f"{g} /* {f} */, " for g, f in groups)
    packages_list = "".join(f"{i}, " for i in references.values())
    targets_list = "".join(f"{i} /* {t} */, " for i, t in target_ids)
    section_names = [
        ("PBXContainerItemProxy", "proxy"), ("PBXFileSystemSynchronizedRootGroup", "group"), ("PBXFrameworksBuildPhase", "frameworks"),
        ("PBXNativeTarget", "native"), ("PBXSourcesBuildPhase", "sources"), ("PBXTargetDependency", "dependency"),
        ("XCBuildConfiguration", "configuration"), ("XCConfigurationList", "list"), ("XCLocalSwiftPackageReference", "local"),
        ("XCSwiftPackageProductDependency", "product"),
    ]
    body = [f"\t\t{main_group} = {{isa = PBXGroup; children = ({children}); sourceTree = \"<group>\"; }};"]
    body.append(f'\t\t{project} /* Project object */ = {{isa = PBXProject; buildConfigurationList = {project_configs}; compatibilityVersion = "Xcode 15.0"; '
                f'mainGroup = {main_group}; packageReferences = ({packages_list}); projectDirPath = ""; projectRoot = ""; targets = ({targets_list}); }};')
    for title, key in section_names:
        body += [f"/* Begin {title} section */"] + sections[key] + [f"/* End {title} section */"]
    text = ("// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 77;\n\tobjects = {\n\n"
            + "\n".join(body) + f"\n\t}};\n\trootObject = {project} /* Project object */;\n}}\n")
    write(os.path.join(output, f"{name}.xcodeproj", "project.pbxproj"), text)
    return len(targets)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--packages", type=int, default=28)
    parser.add_argument("--libraries", type=int, default=4, help="library targets per package (plus one test target)")
    parser.add_argument("--files-per-target", type=int, default=35)
    parser.add_argument("--test-files", type=int, default=12)
    parser.add_argument("--app-files", type=int, default=400, help="files of each app target (its other targets get fewer)")
    parser.add_argument("--file-kilobytes", type=int, default=3)
    parser.add_argument("--undeclared-share", type=float, default=0.4)
    parser.add_argument("--random-state", type=int, default=28, help="same number, same bytes")
    parser.add_argument("output")
    arguments = parser.parse_args()
    rng = random.Random(arguments.random_state)
    counter = Counter()
    packages = generate_packages(rng, arguments.output, arguments, counter)
    libraries = [(package, target) for package, targets in packages for target in targets]
    all_targets = [target for _, target in libraries]
    project_targets = 0
    for name, sdk, prefix in (("ShopApp", "iphoneos", "A1"), ("ShopMac", "macosx", "B2")):
        chosen = sorted(rng.sample(libraries, min(16, len(libraries))))
        project_targets += generate_project(rng, arguments.output, name, sdk, chosen, arguments, counter, prefix, all_targets)
    # Folders that hold no sources, as real repositories have (assets, docs, scripts).
    for index in range(40):
        write(os.path.join(arguments.output, "Resources", f"Set{index:02}", "Contents.json"), "{}\n")
    targets = len(packages) * (arguments.libraries + 1) + project_targets
    print(f"{targets} targets in {len(packages)} packages and 2 projects, {counter.files} files, "
          f"{counter.bytes / 1e6:.1f} MB, {counter.undeclared} undeclared imports")


if __name__ == "__main__":
    main()
