#!/usr/bin/env bash
# Installs the web client's test tools (playwright-core, typescript; pinned by package-lock.json)
# under target/e2e-node/, not under web/: the server embeds every file under web/ into its binary.
# Sourced by run.sh and typecheck.sh; does nothing when the installed lock file is current.
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$root/target/e2e-node"
mkdir -p "$work"
cp "$here/package.json" "$here/package-lock.json" "$here"/*.mjs "$work/"
if [ ! -f "$work/node_modules/playwright-core/package.json" ] || ! cmp -s "$here/package-lock.json" "$work/node_modules/.package-lock.json.copy"; then
  printf 'e2e: npm ci\n' >&2
  (cd "$work" && npm ci --no-audit --no-fund --loglevel=error)
  cp "$here/package-lock.json" "$work/node_modules/.package-lock.json.copy"
fi
