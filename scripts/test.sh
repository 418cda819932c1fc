#!/usr/bin/env bash
# `npm test`: install what is missing, bring up PostgreSQL and Redis, migrate the test
# database, typecheck every workspace, then run unit and integration tests.
source "$(dirname "$0")/lib.sh"
ensure_install
bash "$ROOT/scripts/services.sh"
export DATABASE_URL="${TEST_DATABASE_URL:-${DATABASE_URL%/*}/arena_test}"
export ARENA_TEST=1
log "migrating $DATABASE_URL"
npx prisma migrate deploy >/dev/null
log "typechecking"
npx turbo run typecheck --output-logs=errors-only
log "running tests"
npx vitest run "$@"
