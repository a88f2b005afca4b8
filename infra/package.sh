#!/usr/bin/env bash
# Zip the production package of the function app, then check what went in.
# Run after `npm run build` and `npm ci --omit=dev` (see .github/workflows/deploy.yml):
#   infra/package.sh release.zip
# The zip holds host.json, package.json, the compiled functions and shared code, and production node_modules;
# no sources, tests, docs, infrastructure or local tools (the same rules as .funcignore).
set -euo pipefail
out=${1:?usage: infra/package.sh <output.zip>}
cd "$(dirname "$0")/.."

for required in host.json package.json dist/functions dist/shared node_modules; do
  [ -e "$required" ] || { echo "package: $required is missing (build first)" >&2; exit 1; }
done
# The embedded Cosmos-protocol store and the web client's build tools are development tools; not for production.
for dev_only in @vercel/cosmosdb-server vite react; do
  if [ -e "node_modules/$dev_only" ]; then
    echo "package: node_modules/$dev_only is installed; run 'npm ci --omit=dev' after the build" >&2
    exit 1
  fi
done

rm -f "$out"
zip -qr "$out" host.json package.json package-lock.json dist/functions dist/shared node_modules \
  -x 'node_modules/.cache/*' '*.ts.map' '*.tsbuildinfo'
# Listed once into a variable: `grep -q` on a pipe would end unzip early and trip pipefail.
entries=$(unzip -Z1 "$out")
# TypeScript declaration files from packages are harmless; our own sources (.ts outside node_modules) are not.
if grep -E '^(tests|functions|shared|scripts|docs|infra|web)/|^dist/(scripts|tests)/|^[^/]+\.ts$' <<<"$entries"; then
  echo "package: the entries above must not be shipped" >&2
  exit 1
fi
grep -qE '^dist/functions/.*\.js$' <<<"$entries" || { echo "package: no compiled functions" >&2; exit 1; }
echo "package: $out $(du -h "$out" | cut -f1), $(wc -l <<<"$entries") entries"
