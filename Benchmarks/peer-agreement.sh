#!/usr/bin/env bash
# Bulkhead next to a peer tool built from its own repository, on real packages; see peer_agreement.py.
# Usage: Benchmarks/peer-agreement.sh --bulkhead BIN --peer BIN --peer-kind swift-dependency-audit|target-dependency-checker PACKAGE...
set -euo pipefail
exec python3 "$(dirname "$0")/peer_agreement.py" "$@"
