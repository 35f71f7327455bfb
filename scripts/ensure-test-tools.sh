#!/usr/bin/env bash
# The browser tests drive Debian's Chromium. Install it when it is missing and we may (root with
# apt-get); otherwise say exactly what to do.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Chromium for the browser tests (apt-get install chromium)…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
  exit 0
fi
echo "error: the browser tests need Chromium at /usr/bin/chromium: run 'sudo apt-get install chromium', or set CHROMIUM_PATH to a Chromium binary" >&2
exit 2
