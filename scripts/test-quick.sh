#!/usr/bin/env bash
# `npm run test:quick`: fast feedback while working, not a substitute for `npm test` (the one full
# run CI makes). Runs every unit test, plus the integration tests of each workspace (packages/*,
# apps/*) with a file changed since the last commit (working tree and untracked files, `git diff
# HEAD`), plus any changed test file under tests/. No lint, typecheck or build; the services are
# found or started and the test database migrated as `npm test` does. Extra arguments go to vitest.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
ensure_install
bash "$ROOT/scripts/services.sh"
export DATABASE_URL="${TEST_DATABASE_URL:-${DATABASE_URL%/*}/arena_test}"
migrate_db

changed="$( { git diff --name-only HEAD; git ls-files --others --exclude-standard; } | sort -u)"
targets=()
for dir in $(printf '%s\n' "$changed" | sed -nE 's#^((packages|apps)/[^/]+)/.*#\1#p' | sort -u); do
  [ -d "$dir/test" ] && [ -n "$(find "$dir/test" -name '*.int.test.ts' -print -quit)" ] && targets+=("$dir/test/")
done
while IFS= read -r f; do
  [ -f "$f" ] && targets+=("$f")
done < <(printf '%s\n' "$changed" | grep -E '^tests/.*\.int\.test\.ts$' || true)

status=0
log "unit tests"
npx vitest run --project unit --project unit-mocking "$@" || status=$?
if [ ${#targets[@]} -gt 0 ]; then
  log "integration tests of what changed: ${targets[*]}"
  npx vitest run --project integration "${targets[@]}" "$@" || status=$?
else
  log "no workspace with integration tests changed since the last commit"
fi
exit $status
