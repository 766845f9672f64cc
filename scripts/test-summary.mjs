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

const [vitestFile, ...reportFiles] = process.argv.slice(2);
const budgetFile = reportFiles.find((f) => f.includes('bundle-budget'));
const playwrightFiles = reportFiles.filter((f) => f !== budgetFile);

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

// The bundle budget (scripts/bundle-budget.mjs): each page within budget is a pass, each page over
// it a failure; a missing or broken report is one failure.
if (budgetFile) {
  const budget = read(budgetFile);
  if (!budget || !Array.isArray(budget.pages) || budget.error) {
    failed += 1;
    lines.push(`bundle budget: no report at ${budgetFile}${budget?.error ? ` (${budget.error})` : ''}`);
  } else {
    const checked = budget.pages.filter((p) => !p.exempt);
    const over = checked.filter((p) => p.over);
    passed += checked.length - over.length;
    failed += over.length;
    lines.push(`bundle budget: ${checked.length - over.length} pages within, ${over.length} over${over.length ? ` (${over.map((p) => p.route).join(', ')})` : ''}`);
  }
}

for (const l of lines) console.log(l);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
