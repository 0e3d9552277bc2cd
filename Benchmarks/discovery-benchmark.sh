#!/usr/bin/env bash
# Benchmark of discovery on a tree of 40,000 files in 5,000 folders; see discovery_benchmark.py.
set -euo pipefail
cd "$(dirname "$0")"
exec python3 discovery_benchmark.py "$@"
