// Turns the Vitest and Playwright JSON reports into the one line CI reads: "N passed, N failed".
// A test file that fails to load counts as a failure; a missing report counts as one failure.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
const lines = [];

function read(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const [vitestFile, ...playwrightFiles] = process.argv.slice(2);

const vitest = read(vitestFile);
if (!vitest) {
  failed += 1;
  lines.push(`vitest: no report at ${vitestFile}`);
} else {
  const brokenFiles = vitest.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + brokenFiles;
  lines.push(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed, ${brokenFiles} files failed to load`);
}

// One Playwright report per run: the main e2e, then the chain e2e (CHAIN=evm on a Hardhat node).
for (const playwrightFile of playwrightFiles) {
  const label = playwrightFile.includes('chain') ? 'playwright (chain)' : 'playwright';
  const pw = read(playwrightFile);
  if (!pw) {
    failed += 1;
    lines.push(`${label}: no report at ${playwrightFile}`);
  } else {
    const s = pw.stats;
    const errors = (pw.errors ?? []).length;
    passed += s.expected + s.flaky;
    failed += s.unexpected + errors;
    lines.push(`${label}: ${s.expected + s.flaky} passed, ${s.unexpected} failed, ${errors} errors`);
  }
}

for (const l of lines) console.log(l);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
