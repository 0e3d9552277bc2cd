#!/usr/bin/env bash
# Peak memory and time of `bulkhead check --fix --dry-run`, before and after; see fix_benchmark.py.
set -euo pipefail
cd "$(dirname "$0")"
exec python3 fix_benchmark.py "$@"
