#!/usr/bin/env bash
# Benchmark of loading a repository of local packages; see graph_load_benchmark.py.
set -euo pipefail
cd "$(dirname "$0")"
exec python3 graph_load_benchmark.py "$@"
