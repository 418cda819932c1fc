#!/usr/bin/env bash
# Finds or starts PostgreSQL and Redis, then creates the arena databases.
# Uses DATABASE_URL / REDIS_URL when they answer; otherwise starts local servers
# (installing them with apt-get when root), otherwise says exactly what to do.
source "$(dirname "$0")/lib.sh"

pg_up() { node "$ROOT/scripts/db-admin.mjs" ping >/dev/null 2>&1; }
redis_up() { node "$ROOT/scripts/redis-ping.mjs" >/dev/null 2>&1; }

start_postgres() {
  if ! command -v pg_ctlcluster >/dev/null; then
    apt_install postgresql || return 1
  fi
  local ver; ver="$(ls /etc/postgresql 2>/dev/null | sort -V | tail -1)"
  [ -n "$ver" ] || return 1
  log "starting PostgreSQL $ver"
  pg_ctlcluster --skip-systemctl-redirect "$ver" main start 2>/dev/null || true
  for _ in $(seq 1 30); do pg_up && return 0; sleep 1; done
  return 1
}

start_redis() {
  command -v redis-server >/dev/null || apt_install redis-server || return 1
  log "starting redis-server"
  mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no \
    --dir "${TMPDIR:-/tmp}" --logfile "${TMPDIR:-/tmp}/arena-redis.log"
  for _ in $(seq 1 20); do redis_up && return 0; sleep 0.5; done
  return 1
}

pg_up || start_postgres || die "PostgreSQL is not reachable at $DATABASE_URL.
  Start one (Debian: apt-get install postgresql && pg_ctlcluster 15 main start),
  or with Docker: docker compose up -d postgres, or set DATABASE_URL to a server you own."
redis_up || start_redis || die "Redis is not reachable at $REDIS_URL.
  Start one (Debian: apt-get install redis-server && redis-server --daemonize yes),
  or with Docker: docker compose up -d redis, or set REDIS_URL."
node "$ROOT/scripts/db-admin.mjs" create arena arena_test
log "PostgreSQL and Redis are up"
