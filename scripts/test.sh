#!/usr/bin/env bash
# `npm test`: install what is missing, bring up PostgreSQL and Redis, migrate the test
# database, lint and format check (Biome, zero diagnostics), typecheck every workspace, build the CLI, worker and web app when stale, then run unit, integration
# and browser tests (Debian's Chromium), ARENA_TEST_WORKERS files at a time (default 3; each
# integration worker gets its own clone of the test database and its own queue prefix).
source "$(dirname "$0")/lib.sh"
# Where the time goes, printed before the closing line: seconds per step.
steps=()
step() { steps+=("$1 $((SECONDS - mark)) s"); mark=$SECONDS; }
mark=$SECONDS
ensure_install
ensure_chromium
step install
bash "$ROOT/scripts/services.sh"
export DATABASE_URL="${TEST_DATABASE_URL:-${DATABASE_URL%/*}/arena_test}"
log "migrating $DATABASE_URL"
migrate_db
step services
log "linting and checking the format (npx biome format --write . applies it)"
npx biome lint --error-on-warnings .
npx biome format .
step lint
# Two programs, side by side on the two cores: the web app (its own lib, JSX and paths) and
# everything else (tsconfig.json: every package, the CLI, the worker, tests/ and bench/, which
# share one set of compiler options). One program checks each file once; per-workspace runs
# (`npm run typecheck`, turbo) check core once for every workspace above it: 14 s against 2 min.
# Incremental: each program keeps what it learned (under node_modules, so a new install starts
# afresh) and the next run checks only the files changed since and what depends on them.
# TypeScript 7 (the native compiler, installed as typescript-native) checks them: same rules,
# a cold check in about a third of 5.9's time. 5.9 stays the `typescript` that Next's build,
# editors and `npm run typecheck` use.
log "typechecking"
cache="$ROOT/node_modules/.cache/arena"
mkdir -p "$cache"
tsc7="$ROOT/node_modules/typescript-native/bin/tsc"
node "$tsc7" -p tsconfig.json --incremental --tsBuildInfoFile "$cache/tsc7-root.tsbuildinfo" &
rest=$!
node "$tsc7" -p apps/web/tsconfig.json --noEmit --incremental --tsBuildInfoFile "$cache/tsc7-web.tsbuildinfo"
wait "$rest"
step typecheck
ensure_apps_build
ensure_web_build
step build
log "running tests"
mkdir -p "$ROOT/var"
report="$ROOT/var/vitest-report.json"
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@" || status=$?
step tests
# The steps' seconds, the ten slowest files, then one plain closing line for CI: "N passed, N failed[, N skipped]".
log "npm test took $SECONDS s: $(IFS=,; echo "${steps[*]}" | sed 's/,/, /g')"
node "$ROOT/scripts/test-report.mjs" "$report" || true
exit $status
