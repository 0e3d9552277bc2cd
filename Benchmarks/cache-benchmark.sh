#!/usr/bin/env bash
# Benchmark of the graph and file caches (issue 12); see cache_benchmark.py.
set -euo pipefail
cd "$(dirname "$0")"
exec python3 cache_benchmark.py "$@"
