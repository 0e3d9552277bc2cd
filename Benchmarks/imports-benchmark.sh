#!/usr/bin/env bash
# Benchmark of the import scanner; see imports_benchmark.py. Generated packages are kept in
# Benchmarks/.work (ignored by git) and reused while their parameters do not change.
set -euo pipefail
cd "$(dirname "$0")"
exec python3 imports_benchmark.py "$@"
