#!/usr/bin/env bash
# Builds one fuzz harness with libFuzzer and AddressSanitizer and runs it.
#
#   Fuzz/fuzz.sh <Name> [seconds]      (default 60 seconds)
#
# Fuzz/<Name>/modules   Sources/ modules the harness compiles with, one a line, leaves first.
# Fuzz/<Name>/seeds     repository-relative files or globs copied into the seed corpus.
# Fuzz/<Name>/Harness.swift defines LLVMFuzzerTestOneInput and traps when its oracle is violated.
# Modules are built with -enable-testing, so a harness may `@testable import` internal readers.
#
# Output: .build/fuzz/<Name>/ (modules, the harness binary `fuzzer`, corpus/, crashes/, log).
# Exit status: 0 when libFuzzer found nothing, 1 when it found a crash (its input is named),
# 2 when the harness could not be built or run.
set -euo pipefail

usage() { echo "usage: Fuzz/fuzz.sh <Name> [seconds]" >&2; exit 64; }
[[ $# -ge 1 && $# -le 2 ]] || usage
name=$1
seconds=${2:-60}
[[ $seconds =~ ^[0-9]+$ ]] || usage

root=$(cd "$(dirname "$0")/.." && pwd)
harness="$root/Fuzz/$name"
[[ -f $harness/Harness.swift ]] || { echo "fuzz.sh: no harness at Fuzz/$name/Harness.swift" >&2; exit 2; }
[[ -f $harness/modules ]] || { echo "fuzz.sh: Fuzz/$name/modules is missing (list the Sources/ modules, leaves first)" >&2; exit 2; }

out="$root/.build/fuzz/$name"
mkdir -p "$out/modules" "$out/corpus" "$out/crashes"
# FUZZ_OPTIMIZATION=-Onone builds a large module (PackageLoading) in a fraction of the time, for short runs.
flags=(-package-name bulkhead -parse-as-library -sanitize=fuzzer,address "${FUZZ_OPTIMIZATION:--O}" -g -swift-version 6 -enable-testing
       -I "$out/modules" -L "$out/modules")

# Each module becomes a module file plus a shared library, so the next one can import it.
# The sanitizer runtime's symbols make the linker warn once per shared library; those lines are noise.
compile() {
    if ! swiftc "${flags[@]}" "$@" 2>&1 | { grep -v "Cannot export local symbol" >&2 || true; }; then
        echo "fuzz.sh: swiftc failed" >&2
        exit 2
    fi
}

linked=()
while IFS= read -r module || [[ -n $module ]]; do
    module=${module%%#*}; module=${module//[[:space:]]/}
    [[ -n $module ]] || continue
    # Compiled from a copy: an edit in the working tree during a long build would stop swiftc.
    rm -rf "$out/src/$module"
    mkdir -p "$out/src"
    cp -R "$root/Sources/$module" "$out/src/$module"
    # A C module (its header in include/, as SwiftPM lays one out): a shared library and a module
    # map, so the Swift modules after it can import it.
    if [[ -d $out/src/$module/include ]]; then
        csources=()
        while IFS= read -r -d '' file; do csources+=("$file"); done \
            < <(find "$out/src/$module" -name '*.c' -print0 | sort -z)
        echo "fuzz.sh: building $module (${#csources[@]} C files)" >&2
        if ! clang -fPIC -shared -g -fsanitize=address -I "$out/src/$module/include" -o "$out/modules/lib$module.so" "${csources[@]}"; then
            echo "fuzz.sh: clang failed" >&2
            exit 2
        fi
        mkdir -p "$out/modules/$module"
        printf 'module %s {\n' "$module" > "$out/modules/$module/module.modulemap"
        for header in "$out/src/$module"/include/*.h; do printf '    header "%s"\n' "$header" >> "$out/modules/$module/module.modulemap"; done
        printf '    export *\n}\n' >> "$out/modules/$module/module.modulemap"
        flags+=(-I "$out/modules/$module")
        linked+=("-l$module")
        continue
    fi
    sources=()
    while IFS= read -r -d '' file; do sources+=("$file"); done \
        < <(find "$out/src/$module" -name '*.swift' -print0 | sort -z)
    [[ ${#sources[@]} -gt 0 ]] || { echo "fuzz.sh: Sources/$module has no Swift files" >&2; exit 2; }
    echo "fuzz.sh: building $module (${#sources[@]} files)" >&2
    compile -module-name "$module" -emit-module -emit-module-path "$out/modules/$module.swiftmodule" \
        -emit-library -o "$out/modules/lib$module.so" "${linked[@]}" "${sources[@]}" \
        -Xlinker -rpath -Xlinker "$out/modules"
    linked+=("-l$module")
done < "$harness/modules"

echo "fuzz.sh: building the harness" >&2
compile -module-name "${name}Harness" -o "$out/fuzzer" "${linked[@]}" "$harness"/*.swift \
    -Xlinker -rpath -Xlinker "$out/modules"

# The seed corpus: every file the seeds list names, copied under a name that keeps its origin.
if [[ -f $harness/seeds ]]; then
    (
        cd "$root"
        shopt -s globstar nullglob
        while IFS= read -r pattern || [[ -n $pattern ]]; do
            pattern=${pattern%%#*}; pattern=${pattern%"${pattern##*[![:space:]]}"}
            [[ -n $pattern ]] || continue
            for file in $pattern; do
                [[ -f $file ]] && cp "$file" "$out/corpus/seed-${file//\//_}"
            done
        done < "$harness/seeds"
    )
fi

echo "fuzz.sh: running $name for $seconds seconds (corpus: $(ls "$out/corpus" | wc -l) files)" >&2
set +e
# -detect_leaks=0 stops checking while fuzzing, not at exit: Foundation's property-list reader
# leaks the error of every list it refuses, which would end each run as a "crash" of no input.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
# FUZZ_ARGS adds libFuzzer options, e.g. FUZZ_ARGS=-max_len=4096 when a large seed slows every run.
# shellcheck disable=SC2086
"$out/fuzzer" "$out/corpus" -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix="$out/crashes/" -detect_leaks=0 -rss_limit_mb=4096 ${FUZZ_ARGS:-} >"$out/log" 2>&1
status=$?
set -e

executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/log" | tail -1)
echo "$name: ${executions:-0} executions in $seconds seconds"
crashes=("$out"/crashes/*)
if [[ $status -ne 0 || -e ${crashes[0]} ]]; then
    grep -E '^(==[0-9]+==ERROR|SUMMARY|Fatal error|.*fatal error)' "$out/log" | head -5 || true
    for crash in "$out"/crashes/*; do [[ -e $crash ]] && echo "$name: crash input ${crash#"$root"/}"; done
    echo "$name: libFuzzer stopped with status $status; full log in ${out#"$root"/}/log"
    exit 1
fi
echo "$name: no crashes"
