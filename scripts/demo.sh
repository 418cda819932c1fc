#!/usr/bin/env bash
# `npm run demo`: install, start services, migrate, build the CLI, worker and web app when stale, then run the
# arena demo (web app on http://127.0.0.1:3000, workers, a live tournament).
source "$(dirname "$0")/lib.sh"
ensure_install
bash "$ROOT/scripts/services.sh"
log "migrating $DATABASE_URL"
migrate_db
ensure_apps_build
ensure_web_build
exec npx arena demo "$@"
