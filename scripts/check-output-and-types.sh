#!/usr/bin/env bash
# Before the tests: the committed output is what the spec generates (its handlers compiling
# against it: `generate --check`), and the whole project type-checks. The two read the same files
# and write nothing, and each keeps about one core busy: they run side by side, and the script
# fails when either does.
set -uo pipefail
cd "$(dirname "$0")/.."
node bin/specpress.js generate --check &
generated=$!
npm run --silent typecheck
typed=$?
wait "$generated"
checked=$?
[ "$typed" -eq 0 ] && [ "$checked" -eq 0 ]
