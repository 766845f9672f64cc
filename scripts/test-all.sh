#!/usr/bin/env bash
# The whole test suite: Vitest (unit + integration against real route handlers and SQLite), then a
# production build, then Playwright in Chromium against it. Ends with one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 NO_COLOR=1
mkdir -p .tmp
rm -f .tmp/vitest.json .tmp/playwright.json .tmp/playwright-chain.json

npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json
vitest_status=$?

build_status=0
npx next build || build_status=$?
if [ "$build_status" -eq 0 ]; then
  PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/playwright.json npx playwright test --reporter=list,json
  # The chain e2e: its own server with CHAIN=evm against a Hardhat node it starts itself.
  PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/playwright-chain.json npx playwright test -c playwright.chain.config.ts --reporter=list,json
else
  echo "next build failed; skipping Playwright" >&2
fi

node scripts/test-summary.mjs .tmp/vitest.json .tmp/playwright.json .tmp/playwright-chain.json
summary_status=$?
if [ "$vitest_status" -ne 0 ] || [ "$build_status" -ne 0 ] || [ "$summary_status" -ne 0 ]; then exit 1; fi
