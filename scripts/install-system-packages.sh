#!/usr/bin/env bash
# Debian packages the test suite needs and npm cannot provide: chromium for the browser tests
# (driven by playwright-core, which never downloads a browser of its own).
# Idempotent: does nothing when everything is already there.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  SUDO=sudo
else
  SUDO=
fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends chromium
