#!/usr/bin/env bash
# ensure-apt.sh BINARY PACKAGE WHY
# `pnpm check` and `pnpm test:slow` need two Debian programs that the tests start themselves: Chromium at
# /usr/bin/chromium (the docs site's browser test, driven by playwright-core, which never downloads a
# browser) and redis-server (the job-queue tests, on a unix socket in a temporary folder, never a network
# address). This installs PACKAGE with apt-get when BINARY is missing and this user may install packages;
# otherwise it stops with one line saying what to install.
set -euo pipefail
binary=$1 package=$2 why=$3
found() { [ -x "$binary" ] || { [[ "$binary" != */* ]] && command -v "$binary" >/dev/null 2>&1; }; }
found && exit 0

if command -v apt-get >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo"; fi
  fi
  if [ "$(id -u)" -eq 0 ] || [ -n "$sudo" ]; then
    echo "Installing Debian's $package for $why (apt-get)…" >&2
    export DEBIAN_FRONTEND=noninteractive
    # a failed install falls through to the one-line message below
    $sudo apt-get update -qq || true
    $sudo apt-get install -y -qq "$package" >/dev/null || true
    # Debian's redis-server package starts a system service on port 6379; the tests start their own
    # server, so stop it where a service manager is there to ask (nothing here depends on it).
    if [ "$package" = redis-server ] && command -v service >/dev/null 2>&1; then
      $sudo service redis-server stop >/dev/null 2>&1 || true
    fi
    found && exit 0
  fi
fi

echo "$why needs $binary: install it as root (Debian/Ubuntu: apt-get install $package)." >&2
exit 1
