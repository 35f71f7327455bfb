#!/usr/bin/env bash
# What the tests need from Debian besides npm: Chromium (the browser tests) and redis-server (the
# presets job-queue tests start their own). Install what is missing when we may (root with apt-get);
# otherwise say exactly what to do.
set -euo pipefail
missing=()
if ! { [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; } && [ ! -x /usr/bin/chromium ]; then missing+=(chromium fonts-dejavu-core); fi
if ! command -v redis-server >/dev/null 2>&1; then missing+=(redis-server); fi
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing what the tests need (apt-get install ${missing[*]})…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi
echo "error: the tests need ${missing[*]} from Debian: run 'sudo apt-get install ${missing[*]}'" \
  "(or set CHROMIUM_PATH to a Chromium binary)" >&2
exit 2
