#!/usr/bin/env bash
# Writes prisma/migrations/<timestamp>_<name>/migration.sql from the difference between the
# migrated database and prisma/schema.prisma. (`prisma migrate dev` cannot drop its shadow
# database through the JS engine here, so new migrations are diffed instead.)
#   bash scripts/new-migration.sh add_something
source "$(dirname "$0")/lib.sh"
name="${1:?usage: new-migration.sh NAME}"
cd "$ROOT"
npx prisma migrate deploy >/dev/null
dir="prisma/migrations/$(date -u +%Y%m%d%H%M%S)_${name}"
mkdir -p "$dir"
npx prisma migrate diff --from-schema-datasource prisma/schema.prisma \
  --to-schema-datamodel prisma/schema.prisma --script -o "$dir/migration.sql"
log "wrote $dir/migration.sql; review it, then: npx prisma migrate deploy"
