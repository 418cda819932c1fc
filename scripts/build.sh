#!/usr/bin/env bash
# `npm run build`: install what is missing, then build the CLI and the worker to JavaScript and the
# web app for production.
source "$(dirname "$0")/lib.sh"
ensure_install
mkdir -p "$ROOT/var"
build_apps
build_web
log "built: serve it with npx arena web (or npm run demo)"
