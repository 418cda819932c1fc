#!/usr/bin/env bash
# Makes sure Debian's PostgreSQL 15 HTML manual (postgresql-doc-15) is installed and prints its
# directory. The crawler's real-site test and benchmark serve it on loopback.
set -euo pipefail
DIR=/usr/share/doc/postgresql-doc-15/html

if [ -f "$DIR/index.html" ]; then
  echo "$DIR"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-pgdoc: $DIR is missing and this user cannot install it; run as root: apt-get install -y postgresql-doc-15" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# A stale package list makes the first install fail; refresh it once and try again.
if ! apt-get install -y --no-install-recommends postgresql-doc-15 >&2; then
  apt-get update >&2
  apt-get install -y --no-install-recommends postgresql-doc-15 >&2
fi
if [ ! -f "$DIR/index.html" ]; then
  echo "ensure-pgdoc: postgresql-doc-15 installed but $DIR/index.html is missing" >&2
  exit 1
fi
echo "$DIR"
