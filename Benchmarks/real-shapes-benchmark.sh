#!/usr/bin/env bash
# Benchmark of `bulkhead check` on generated repositories shaped like real ones; see
# real_shapes_benchmark.py. Generated trees are kept in Benchmarks/.work (ignored by git).
set -euo pipefail
cd "$(dirname "$0")"
exec python3 real_shapes_benchmark.py "$@"
