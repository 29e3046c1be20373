#!/usr/bin/env bash
# Debian's chromium for the browser tests (test/auth/*.browser.test.ts drive it with
# playwright-core, which never downloads a browser of its own). Idempotent: does nothing when
# /usr/bin/chromium is already there.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
SUDO=
if [ "$(id -u)" != "0" ]; then SUDO=sudo; fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends chromium
