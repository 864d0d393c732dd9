#!/usr/bin/env bash
# Starts the app for the end-to-end suite on a fresh embedded database with the demo content. It serves the
# production web build: WEB_DIST_DIR when set (npm test passes the one it built), else one built here into a folder
# of this port's own. The developer tool's screen is served by its own Vite server (apps/web/scripts/devtool-dev-server.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="$PWD/.tmp/e2e-data-${PORT}"
rm -rf "$DATA_DIR"
# The suite's locks and claims of shared demo resources (e2e/support/locks.ts) live as long as this database.
rm -rf "$PWD/.tmp/e2e-locks-${PORT}"
if [ -z "${WEB_DIST_DIR:-}" ]; then
  export WEB_DIST_DIR="$PWD/.tmp/web-dist-${PORT}"
  # A plain production build: no developer tool, whatever DEVTOOL_PATH says (a test checks that it has no trace).
  (cd apps/web && WITH_DEVTOOL=false npx vite build --outDir "$WEB_DIST_DIR" --emptyOutDir --logLevel warn)
  # The server's entry beside it (decision 140: pages rendered on the server).
  (cd apps/web && WITH_DEVTOOL=false npx vite build --ssr src/entry-server.tsx --outDir "$WEB_DIST_DIR-ssr" --emptyOutDir --logLevel warn)
  node apps/web/scripts/precompress.mjs "$WEB_DIST_DIR"
fi
export DEMO_CONTENT=true
# With E2E_DATABASE_URL (a PostgreSQL server; CI passes its TEST_DATABASE_URL) the app runs on a fresh database of this
# port's own there instead of the embedded one: the database production uses, in a process of its own beside the
# server's (docs/decisions/152-ci-time.md).
if [ -n "${E2E_DATABASE_URL:-}" ]; then
  E2E_DB="hibi_e2e_${PORT}"
  psql -q "$E2E_DATABASE_URL" -c "DROP DATABASE IF EXISTS $E2E_DB WITH (FORCE)" >/dev/null
  psql -q "$E2E_DATABASE_URL" -c "CREATE DATABASE $E2E_DB" >/dev/null
  export DATABASE_URL="${E2E_DATABASE_URL%/*}/$E2E_DB"
fi
# The local mailbox page listens on 127.0.0.1 only, on a port of its own.
export MAILBOX_PORT=$((PORT + 1000))
# The suite signs in many times from one address; the per-address limit is covered by the server tests.
export LOGIN_LIMIT_PER_ADDRESS=100000
# Every visitor of the suite calls from this machine: the limit of reads without a session is per address (decision 174).
export ANONYMOUS_READ_LIMIT_PER_ADDRESS=100000
# The members each test makes call from addresses of their own, forwarded by the loopback "proxy" (the suite's API
# clients): the per-address limits of signup and password links then count each member's calls (decision 088).
export TRUST_PROXY="127.0.0.1,::1"
export DEVTOOL_PATH="${DEVTOOL_PATH:-dev-e2e-7f3a9c1b5d}"
export LOG_LEVEL="${LOG_LEVEL:-warn}"
exec node --import tsx apps/server/src/main.ts
