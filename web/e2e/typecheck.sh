#!/usr/bin/env bash
# Type-checks the browser client: `tsc --checkJs --noEmit` (web/tsconfig.json) over web/*.js and
# web/views/ against the declarations generated from the Rust types (web/types/, kept current by
# the server test `web_types_are_current`). A Rust change that breaks a view fails here.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
# shellcheck source=install.sh
source "$here/install.sh"
"$root/target/e2e-node/node_modules/.bin/tsc" --project "$root/web/tsconfig.json" --checkJs --noEmit
echo "web types: tsc --checkJs found no error"
