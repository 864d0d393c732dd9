#!/usr/bin/env bash
# Every check of the project, in order: install, lint, typecheck, unit and server suites, the build, then the
# end-to-end suite in Debian's Chromium (installed here when missing, as is Java for its HTML checker) on that same
# build: the web app is built once (docs/decisions/089-one-web-build.md). With TEST_DATABASE_URL set, the server
# suites run a second time against that PostgreSQL server and the production check runs. Each step's wall time is
# printed at the end, passed or not.
set -euo pipefail
cd "$(dirname "$0")/.."

TIMES=()
STEP=""
STEP_START=$SECONDS
end_step() {
  if [ -n "$STEP" ]; then TIMES+=("$(printf '%6ds  %s' $((SECONDS - STEP_START)) "$STEP")"); fi
  STEP=""
}
step() {
  end_step
  STEP="$*"
  STEP_START=$SECONDS
  printf '\n==> %s\n' "$*"
}
summary() {
  local status=$?
  end_step
  printf '\n==> wall time per step\n'
  printf '%s\n' "${TIMES[@]}"
  printf '%6ds  total (load average at the end: %s)\n' "$SECONDS" "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
  exit $status
}
trap summary EXIT

step "install"
npm install --no-audit --no-fund --loglevel=error
# npm puts node_modules/.bin first on the PATH of this script: from here on `node` is the project's Node 24.
node -e 'if (process.versions.node.split(".")[0] !== "24") { console.error("expected Node 24, got " + process.version); process.exit(1) }'
echo "node $(node --version)"

# Debian's Chromium, and its headless shell that most end-to-end specs run in (docs/decisions/161-e2e-headless-shell.md).
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || [ ! -x "${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}" ]; then
  step "installing Debian's Chromium and its headless shell for the end-to-end suite"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-headless-shell fonts-noto-cjk >/dev/null
fi

# Java for the Nu HTML checker (vnu-jar, Java 11+) that checks the server-rendered pages in the end-to-end suite
# (docs/decisions/180-checked-with-standard-tools.md).
if ! command -v java >/dev/null 2>&1; then
  step "installing Debian's Java runtime for the HTML checker"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq default-jre-headless >/dev/null
fi

step "lint (ESLint with the dependency rules, Prettier)"
npm run lint --silent

step "typecheck"
npm run typecheck --silent

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  step "unit and server suites (embedded PGlite)"
  npx vitest run
else
  # With a PostgreSQL server (CI) the server suites run on it, the database production uses, and only the files that are
  # about the embedded database run on PGlite; the end-to-end suite below runs the app on PGlite with the demo content
  # too (docs/decisions/152-ci-time.md).
  step "unit suites, and the embedded database's own server suites (PGlite)"
  TEST_DATABASE_URL= npx vitest run --project contract --project web --project server \
    apps/server/src/scripts/backup.test.ts apps/server/test/runtime.test.ts packages/contract apps/web
  step "server suites on PostgreSQL ($TEST_DATABASE_URL)"
  npx vitest run --project server
fi

step "build (web app and compiled server)"
npm run build --silent

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "production build from a fresh directory (npm ci --omit=dev, NODE_ENV=production, PostgreSQL)"
  bash scripts/production-check.sh
fi

step "end-to-end suite (Chromium, 1440 px and 375 px) on the build above"
# The suite serves the web app just built (production, no developer tool) instead of building its own.
# With a PostgreSQL server (CI), the suite's app runs on a fresh database there (E2E_DATABASE_URL, e2e/start-server.sh).
WEB_DIST_DIR="$PWD/apps/web/dist" E2E_DATABASE_URL="${TEST_DATABASE_URL:-}" npx playwright test -c e2e/playwright.config.ts
end_step
printf "\n==> every suite passed\n"
