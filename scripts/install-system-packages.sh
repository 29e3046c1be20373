#!/usr/bin/env bash
# Debian packages the test suite needs and npm cannot provide:
# - chromium for the browser tests (driven by playwright-core, which never downloads a browser);
# - postgresql, whose server binaries (initdb, pg_ctl under /usr/lib/postgresql/<version>/bin)
#   the PostgreSQL test run starts as a throw-away cluster (runtime/testing/postgres-cluster.ts).
#   Only the binaries are needed: the package's own cluster service is not used.
# Idempotent: does nothing when everything is already there.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
compgen -G '/usr/lib/postgresql/*/bin/initdb' > /dev/null || missing+=(postgresql)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  SUDO=sudo
else
  SUDO=
fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
