#!/usr/bin/env bash
# The browser tests drive Chromium at $CHROMIUM_PATH (default /usr/bin/chromium; `npx playwright
# install` cannot download here). When it is missing: install it with apt-get if we are root and
# apt is available (as .ci/run does), otherwise stop at once with one line saying what to install.
set -uo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium not found at $chromium; installing the Debian package with apt-get…" >&2
  export DEBIAN_FRONTEND=noninteractive
  if apt-get update -q >&2 && apt-get install -y -q --no-install-recommends chromium >&2 && [ -x "$chromium" ]; then
    exit 0
  fi
  echo "npm test: installing Chromium failed; install it yourself (apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary." >&2
  exit 1
fi

echo "npm test needs Chromium at $chromium: install it (sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary." >&2
exit 1
