#!/usr/bin/env bash
# The job-queue tests (@puzzlekit/pack-queue) start Debian's redis-server themselves, on a unix socket in a
# temporary folder (never a network address). `pnpm check` and `pnpm test:slow` run this first: it
# installs redis-server with apt-get when it is missing and this user may install packages, and otherwise
# stops with one line saying what to install.
set -euo pipefail
command -v redis-server >/dev/null 2>&1 && exit 0
[ -x /usr/bin/redis-server ] && exit 0

if command -v apt-get >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo"; fi
  fi
  if [ "$(id -u)" -eq 0 ] || [ -n "$sudo" ]; then
    echo "Installing Debian's redis-server for the job-queue tests (apt-get)…" >&2
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq redis-server >/dev/null
    # Debian's package starts a system service on port 6379; the tests start their own server, so stop
    # it where a service manager is there to ask (nothing here depends on it).
    if command -v service >/dev/null 2>&1; then $sudo service redis-server stop >/dev/null 2>&1 || true; fi
    command -v redis-server >/dev/null 2>&1 && exit 0
  fi
fi

echo "The job-queue tests need redis-server: install it as root (Debian/Ubuntu: apt-get install redis-server)." >&2
exit 1
