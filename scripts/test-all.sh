#!/usr/bin/env bash
# The whole test suite: Vitest (unit + integration against real route handlers and SQLite), then a
# production build, the first-load JavaScript budget over it, then Playwright in Chromium against
# it. Ends with one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 NO_COLOR=1
mkdir -p .tmp
rm -f .tmp/vitest.json .tmp/playwright.json .tmp/playwright-chain.json .tmp/bundle-budget.json

# Before anything slow: Chromium present (installed when we can), or one line saying what to install.
bash scripts/ensure-chromium.sh || exit 1

# Each phase has a ceiling well inside CI's 90 minutes, so a hang ends as a red run that says where.
timeout -k 20 30m npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json
vitest_status=$?

build_status=0
npx next build || build_status=$?
if [ "$build_status" -eq 0 ]; then
  node scripts/bundle-budget.mjs --json .tmp/bundle-budget.json
  PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/playwright.json timeout -k 20 40m npx playwright test --reporter=list,json
  # The chain e2e: its own server with CHAIN=evm against a Hardhat node it starts itself.
  PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/playwright-chain.json timeout -k 20 10m npx playwright test -c playwright.chain.config.ts --reporter=list,json
else
  echo "next build failed; skipping Playwright" >&2
fi

node scripts/test-summary.mjs .tmp/vitest.json .tmp/playwright.json .tmp/playwright-chain.json .tmp/bundle-budget.json
summary_status=$?
if [ "$vitest_status" -ne 0 ] || [ "$build_status" -ne 0 ] || [ "$summary_status" -ne 0 ]; then exit 1; fi
