#!/usr/bin/env bash
# `npm run demo`: install, start services, migrate, then run the arena demo.
source "$(dirname "$0")/lib.sh"
ensure_install
bash "$ROOT/scripts/services.sh"
log "migrating $DATABASE_URL"
npx prisma migrate deploy >/dev/null
exec npx arena demo "$@"
