#!/usr/bin/env bash
# Benchmark of `check --target` against the whole check; see narrow_check_benchmark.py.
set -euo pipefail
cd "$(dirname "$0")"
exec python3 narrow_check_benchmark.py "$@"
