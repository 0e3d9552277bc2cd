#!/usr/bin/env bash
# Bulkhead next to the peers' scripts from ../shared/peers on the same fixtures; see compare_with_peers.py.
set -euo pipefail
cd "$(dirname "$0")"
exec python3 compare_with_peers.py "$@"
