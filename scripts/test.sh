#!/usr/bin/env bash
# `npm test`: typecheck, lint, production build, unit + API tests (SQLite and PostgreSQL),
# then end-to-end tests in Chromium. Ends with one summary line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

# Each phase's duration goes to $results/phases.tsv; the summary prints them at the end.
phase='' phase_started=$SECONDS
end_phase() { [ -n "$phase" ] && printf '%s\t%s\n' "$phase" "$((SECONDS - phase_started))" >>"$results/phases.tsv"; phase=''; }
step() { end_phase; phase=$1 phase_started=$SECONDS; printf '\n== %s\n' "$1"; }
fail() { end_phase; echo "npm test: $1 failed" >&2; node scripts/test-summary.mjs "$results"; exit 1; }

# End-to-end tests need Chromium: CHROME_PATH, else the Debian package (installed here when
# running as root on Debian and it is missing). Debian's headless shell, lighter, runs most of
# them when present (playwright.config.ts); it is added here as root, and the full browser
# stays for what only it has (desktop notifications).
if [ -z "${CHROME_PATH:-}" ] && [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    step "installing Debian chromium"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || fail "chromium install"
  else
    echo "Chromium not found: install it or set CHROME_PATH" >&2
    exit 1
  fi
fi
if [ -z "${CHROME_PATH:-}" ] && [ ! -x /usr/lib/chromium/chromium-headless-shell ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  step "installing Debian chromium-headless-shell"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null) ||
    echo "npm test: no headless shell; the full Chromium runs every end-to-end test" >&2
fi

# Backups on PostgreSQL need pg_dump and pg_restore (tests/api/ops-backup.test.ts).
if ! command -v pg_dump >/dev/null || ! command -v pg_restore >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    step "installing Debian postgresql-client"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-client >/dev/null) || fail "postgresql-client install"
  else
    echo "pg_dump not found: install the PostgreSQL client tools (postgresql-client)" >&2
    exit 1
  fi
fi
# The several-nodes tests put two shop processes behind HAProxy (deploy/haproxy.cfg): the
# Debian package, installed here when running as root and it is missing (else they are skipped).
if ! command -v haproxy >/dev/null && [ ! -x /usr/sbin/haproxy ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  step "installing Debian haproxy"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null) || fail "haproxy install"
fi

# The several-nodes tests also check the shipped nginx example (deploy/nginx.conf): Debian's
# nginx-light, installed here when running as root and it is missing (else that case is skipped).
if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  step "installing Debian nginx-light"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null) ||
    echo "npm test: no nginx; its proxy case is skipped" >&2
fi

step "typecheck"; npm run -s typecheck || fail typecheck
step "lint"; npm run -s lint || fail lint
# Built before the API tests: tests/api/hostile-pages.test.ts serves the pages from the build.
step "build"
npm run -s build 2>&1 | tee "$results/build.log"; [ "${PIPESTATUS[0]}" = 0 ] || fail build
# The build's known warnings are silenced where they arise (vite.config.ts, react-router.config.ts):
# anything that still reads as a warning is new and fails the run.
if grep -nE '\(!\)|[Ww]arning|Generated an empty chunk|cannot interpret' "$results/build.log" >&2; then fail "build (warnings above)"; fi
step "unit and API tests"
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json" || fail "vitest"
step "end-to-end tests"
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json || fail "playwright"
end_phase
node scripts/test-summary.mjs "$results"
