#!/usr/bin/env bash
# Benchmark of `bulkhead check` end to end; see check_benchmark.py.
set -euo pipefail
cd "$(dirname "$0")"
exec python3 check_benchmark.py "$@"
