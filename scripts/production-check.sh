#!/usr/bin/env bash
# Proves the production build (issue 11): a copy of the build in a fresh directory, production dependencies only
# (no tsx, no Vite), NODE_ENV=production, against PostgreSQL. The server starts, /readyz answers, a member signs in
# and reads the home content, and SIGTERM stops it cleanly. Needs TEST_DATABASE_URL (a PostgreSQL server) and a
# finished `npm run build`.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${TEST_DATABASE_URL:?set TEST_DATABASE_URL to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test}"
OUT="$(mktemp -d /tmp/hibi-release-XXXXXX)"
DB="hibi_prodcheck_$$"
PORT="${PRODCHECK_PORT:-3390}"
ADMIN_URL="$TEST_DATABASE_URL"
DB_URL="${TEST_DATABASE_URL%/*}/$DB"
SERVER_PID=""
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null || true
  psql -q "$ADMIN_URL" -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$OUT"
}
trap cleanup EXIT

node scripts/release.mjs "$OUT"
psql -q "$ADMIN_URL" -c "CREATE DATABASE $DB" >/dev/null
# A member to sign in as: the demo content, loaded by the build's own script outside production.
DATABASE_URL="$DB_URL" node scripts/server-script.mjs seed-demo

# A production build carries no trace of the hidden developer tool (issue 12, finding 17).
if grep -rlq "isDevtoolPath\|devtool__" "$OUT/apps/web/dist"; then echo "the production web build contains the developer tool" >&2; exit 1; fi

cd "$OUT"
npm ci --omit=dev --no-audit --no-fund --loglevel=error
for forbidden in tsx vite vitest typescript esbuild; do
  if [ -e "node_modules/$forbidden" ]; then echo "production install contains $forbidden" >&2; exit 1; fi
done
NODE_BIN="$OUT/node_modules/.bin/node"
"$NODE_BIN" --version | grep -q '^v24\.' || { echo "production install did not bring Node 24" >&2; exit 1; }

# The documented start command (README, Deployment), run directly so that SIGTERM reaches the server itself.
NODE_ENV=production DATABASE_URL="$DB_URL" APP_BASE_URL="http://localhost:$PORT" SMTP_URL="smtp://127.0.0.1:2" \
  PORT="$PORT" HOST=127.0.0.1 LOG_LEVEL=fatal "$NODE_BIN" --max-semi-space-size=16 --enable-source-maps apps/server/dist/main.js &
SERVER_PID=$!

"$NODE_BIN" --input-type=module -e "
const base = 'http://127.0.0.1:$PORT';
const deadline = Date.now() + 60_000;
let ready = null;
while (Date.now() < deadline) {
  try { const r = await fetch(base + '/readyz'); if (r.ok) { ready = await r.json(); break; } } catch {}
  await new Promise((r) => setTimeout(r, 250));
}
if (!ready?.ready) { console.error('/readyz never answered ready'); process.exit(1); }
const call = async (name, body, token) => (await fetch(base + '/api/functions/' + name, { method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: 'Bearer ' + token } : {}) }, body: JSON.stringify(body) })).json();
const login = await call('login', { id: 'member@example.com', password: 'wellbeing-demo' });
if (!login.succeed) { console.error('sign-in failed', login); process.exit(1); }
const home = await call('getAnnouncements', { offset: 0, perPage: 5 }, login.token);
if (!home.succeed || !home.announcements?.length) { console.error('home content missing', home); process.exit(1); }
const page = await fetch(base + '/');
if (!page.ok || !(await page.text()).includes('<div id=\"root\"')) { console.error('the web app is not served'); process.exit(1); }
console.log('production check: Node', process.version, '| /readyz ready | member signed in | home announcements:', home.announcements.length);
"
kill -TERM "$SERVER_PID"
wait "$SERVER_PID"
SERVER_PID=""
echo "clean exit on SIGTERM"

# A backup with production packages only (the compiled script, pg_dump).
NODE_ENV=production DATABASE_URL="$DB_URL" APP_BASE_URL="http://localhost:$PORT" SMTP_URL="smtp://127.0.0.1:2" \
  npm run --silent db:backup -- --out "$OUT/production.backup"
test -s "$OUT/production.backup" || { echo "the backup file is empty" >&2; exit 1; }
echo "production check passed"
