#!/usr/bin/env bash
# Builds the web app into a folder of this port's own and starts it for the end-to-end suite
# on a fresh embedded database with the demo content.
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="$PWD/.tmp/e2e-data-${PORT}"
rm -rf "$DATA_DIR"
if [ -z "${WEB_DIST_DIR:-}" ]; then
  export WEB_DIST_DIR="$PWD/.tmp/web-dist-${PORT}"
  # With the developer tool: the suite walks through it (a production build has none, issue 12 finding 17).
  (cd apps/web && WITH_DEVTOOL=true npx vite build --outDir "$WEB_DIST_DIR" --emptyOutDir --logLevel warn)
  node apps/web/scripts/precompress.mjs "$WEB_DIST_DIR"
fi
export DEMO_CONTENT=true
# The local mailbox page listens on 127.0.0.1 only, on a port of its own.
export MAILBOX_PORT=$((PORT + 1000))
# The suite signs in many times from one address; the per-address limit is covered by the server tests.
export LOGIN_LIMIT_PER_ADDRESS=100000
export DEVTOOL_PATH="${DEVTOOL_PATH:-dev-e2e-7f3a9c1b5d}"
export LOG_LEVEL="${LOG_LEVEL:-warn}"
exec node --import tsx apps/server/src/main.ts
