#!/usr/bin/env bash
# The docs site's browser test drives Debian's Chromium at /usr/bin/chromium with playwright-core (it
# never downloads a browser). `pnpm check` runs this first: it installs Chromium with apt-get when it is
# missing and this user may install packages, and otherwise stops with one line saying what to install.
set -euo pipefail
chromium=/usr/bin/chromium
[ -x "$chromium" ] && exit 0

if command -v apt-get >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo"; fi
  fi
  if [ "$(id -u)" -eq 0 ] || [ -n "$sudo" ]; then
    echo "Installing Debian's chromium for the docs browser test (apt-get)…" >&2
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq chromium >/dev/null
    [ -x "$chromium" ] && exit 0
  fi
fi

echo "The docs browser test needs Chromium at $chromium: install it as root (Debian/Ubuntu: apt-get install chromium)." >&2
exit 1
