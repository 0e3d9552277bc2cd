#!/usr/bin/env bash
# Runs every fuzz harness briefly, for CI: each for a few seconds from the corpus it keeps in
# .build/fuzz/<Name>/corpus (on a fresh clone, its seeds), so a harness that no longer builds or a
# crash on the seeds or near them fails the run. Long fuzzing stays Fuzz/fuzz.sh's job.
#
#   Fuzz/smoke.sh [seconds per harness]      (default 6)
#
# Needs libFuzzer and AddressSanitizer (swiftc -sanitize=fuzzer,address, clang -fsanitize=address),
# which Linux toolchains ship. Without them it says so and exits 0, or 1 when
# BULKHEAD_REQUIRE_CONSUMERS=1 (CI), so CI cannot pass without fuzzing. On macOS it says the
# harnesses are built the Linux way (shared libraries found by rpath, the Linux-only SystemCalls
# module) and exits 0 whatever the variable says.
# Modules build with -Onone unless FUZZ_OPTIMIZATION says otherwise: a few seconds of fuzzing do not
# repay an optimised build of PackageLoading.
# Exit status: 0 nothing found, 1 a crash (its input named) or no sanitizer when required,
# 2 a harness that could not be built or run.
set -euo pipefail

seconds=${1:-6}
[[ $# -le 1 && $seconds =~ ^[0-9]+$ ]] || { echo "usage: Fuzz/smoke.sh [seconds per harness]" >&2; exit 64; }
root=$(cd "$(dirname "$0")/.." && pwd)

if [[ $(uname -s) != Linux ]]; then
    echo "fuzz: skipped on $(uname -s): the harnesses build as Linux shared libraries (Fuzz/README.md)"
    exit 0
fi

# The sanitizer runtimes: a trivial harness built and run once, and clang's AddressSanitizer for
# the C module. Which is missing is said, not guessed from a later failure.
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf '@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { 0 }\n' > "$probe/Probe.swift"
printf 'int probe(void) { return 0; }\n' > "$probe/probe.c"
missing=""
if ! swiftc -parse-as-library -sanitize=fuzzer,address "$probe/Probe.swift" -o "$probe/fuzzer" >"$probe/log" 2>&1 \
    || ! "$probe/fuzzer" -runs=1 >>"$probe/log" 2>&1; then
    missing="swiftc -sanitize=fuzzer,address (the libFuzzer and AddressSanitizer runtimes)"
elif ! command -v clang >/dev/null 2>&1 || ! clang -fPIC -shared -fsanitize=address -o "$probe/libprobe.so" "$probe/probe.c" >>"$probe/log" 2>&1; then
    missing="clang -fsanitize=address (for the SystemCalls C module)"
fi
if [[ -n $missing ]]; then
    echo "fuzz: cannot build the harnesses: this toolchain lacks $missing" >&2
    sed -n '1,5p' "$probe/log" >&2
    if [[ ${BULKHEAD_REQUIRE_CONSUMERS:-0} == 1 ]]; then
        echo "fuzz: BULKHEAD_REQUIRE_CONSUMERS=1, so this fails; use a swift.org Linux toolchain (the swift:6.3 image has both)" >&2
        exit 1
    fi
    echo "fuzz: skipped (set BULKHEAD_REQUIRE_CONSUMERS=1 to make this an error)" >&2
    exit 0
fi

export FUZZ_OPTIMIZATION=${FUZZ_OPTIMIZATION:--Onone}
crashed=()
broken=()
start=$SECONDS
for harness in "$root"/Fuzz/*/Harness.swift; do
    name=$(basename "$(dirname "$harness")")
    began=$SECONDS
    status=0
    "$root/Fuzz/fuzz.sh" "$name" "$seconds" || status=$?
    echo "fuzz: $name took $((SECONDS - began)) s with its build"
    case $status in
        0) ;;
        1) crashed+=("$name") ;;
        *) broken+=("$name") ;;
    esac
done
echo "fuzz: every harness for $seconds s each, $((SECONDS - start)) s in all"
if [[ ${#broken[@]} -gt 0 ]]; then
    echo "fuzz: could not build or run: ${broken[*]}" >&2
    exit 2
fi
if [[ ${#crashed[@]} -gt 0 ]]; then
    echo "fuzz: crashed: ${crashed[*]} (inputs under .build/fuzz/<Name>/crashes/; replay with .build/fuzz/<Name>/fuzzer <input>)" >&2
    exit 1
fi
