#!/usr/bin/env bash
# Starts the built app for the end-to-end suite on a fresh embedded database with the demo content.
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="$PWD/.tmp/e2e-data-${PORT}"
rm -rf "$DATA_DIR"
export DEMO_CONTENT=true
export LOGIN_LIMIT_PER_ADDRESS=100000
export DEVTOOL_PATH="${DEVTOOL_PATH:-dev-e2e-7f3a9c1b5d}"
export LOG_LEVEL="${LOG_LEVEL:-warn}"
exec node --import tsx apps/server/src/main.ts
