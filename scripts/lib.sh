# Shared helpers for the README commands. Sourced, not executed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export TURBO_TELEMETRY_DISABLED=1 NEXT_TELEMETRY_DISABLED=1
export PG_HOST="${PG_HOST:-127.0.0.1}" PG_PORT="${PG_PORT:-5432}"
export DATABASE_URL="${DATABASE_URL:-postgresql://postgres@${PG_HOST}:${PG_PORT}/arena}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"

log() { printf '\033[1;36m[arena]\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31m[arena]\033[0m %s\n' "$*" >&2; exit 1; }
is_root() { [ "$(id -u)" = 0 ]; }

apt_install() {
  is_root && command -v apt-get >/dev/null || return 1
  log "installing $* with apt-get"
  [ -n "$(find /var/lib/apt/lists -maxdepth 1 -name '*Packages*' -mmin -1440 2>/dev/null | head -1)" ] \
    || DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# Install npm dependencies when missing or stale, and generate the Prisma client.
ensure_install() {
  cd "$ROOT"
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "installing npm dependencies"
    if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
  fi
  if [ ! -f packages/db/src/generated/client.ts ] || [ prisma/schema.prisma -nt packages/db/src/generated/client.ts ]; then
    log "generating the Prisma client"
    npx prisma generate >/dev/null
  fi
}

# Production build of the web app (Next compiles the workspace packages it uses).
build_web() {
  log "building the web app"
  (cd "$ROOT" && npx next build apps/web >"$ROOT/var/web-build.log" 2>&1) || { tail -40 "$ROOT/var/web-build.log" >&2; die "next build failed (full log: var/web-build.log)"; }
}

# Applies the pending migrations to DATABASE_URL's database; skips the Prisma CLI (about 12 s) when
# none is pending (scripts/db-admin.mjs migrated).
migrate_db() {
  node "$ROOT/scripts/db-admin.mjs" migrated || npx prisma migrate deploy >/dev/null
}

# Builds the web app when it has no build yet or a source it compiles changed since (not the
# packages' and the web's test folders: like scripts/app-builds.mjs, which the CLI and worker use).
ensure_web_build() {
  mkdir -p "$ROOT/var"
  local id="$ROOT/apps/web/${ARENA_WEB_DIST_DIR:-.next}/BUILD_ID"
  if [ ! -f "$id" ] || [ -n "$(find "$ROOT/apps/web" "$ROOT/packages" "$ROOT/package-lock.json" \
      \( -name node_modules -o -name ".next*" -o -name generated -o -name test \) -prune -o -type f -newer "$id" -print -quit)" ]; then
    build_web
  fi
}

# The CLI and the worker built to JavaScript (apps/cli/dist, apps/worker/dist: scripts/build-apps.mjs).
build_apps() {
  log "building the CLI and the worker"
  (cd "$ROOT" && node scripts/build-apps.mjs >"$ROOT/var/apps-build.log" 2>&1) || { tail -40 "$ROOT/var/apps-build.log" >&2; die "building the CLI and worker failed (full log: var/apps-build.log)"; }
}

# Builds the CLI and the worker when a build is missing or a source changed since (their bins run
# the sources through tsx meanwhile).
ensure_apps_build() {
  mkdir -p "$ROOT/var"
  node "$ROOT/scripts/build-apps.mjs" --check >/dev/null || build_apps
}

# Debian's Chromium for the browser tests (never a downloaded browser build).
ensure_chromium() {
  [ -x /usr/bin/chromium ] && return 0
  apt_install chromium || die "Chromium is missing: apt-get install -y chromium (the browser tests drive /usr/bin/chromium)"
}
