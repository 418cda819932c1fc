#!/usr/bin/env bash
# Writes prisma/migrations/<timestamp>_<name>/migration.sql: the difference between the migrated
# database (introspected with `prisma db pull`) and prisma/schema.prisma. `prisma migrate dev` and
# `migrate diff --from-schema-datasource` do not work through the JS engine's driver adapter, and
# `--from-migrations` leaves a shadow database behind, so the diff is taken between two datamodels.
#   bash scripts/new-migration.sh add_something
source "$(dirname "$0")/lib.sh"
name="${1:?usage: new-migration.sh NAME}"
cd "$ROOT"
npx prisma migrate deploy >/dev/null
current="$(mktemp --suffix=.prisma)"
trap 'rm -f "$current"' EXIT
# The CLI prints an adapter warning before the datamodel on stdout: keep the datamodel only.
npx prisma db pull --print | sed -n '/^generator /,$p' > "$current"
dir="prisma/migrations/$(date -u +%Y%m%d%H%M%S)_${name}"
mkdir -p "$dir"
npx prisma migrate diff --from-schema-datamodel "$current" --to-schema-datamodel prisma/schema.prisma --script -o "$dir/migration.sql"
log "wrote $dir/migration.sql; review it, then: npx prisma migrate deploy"
