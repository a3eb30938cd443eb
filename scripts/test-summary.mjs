// Prints one line per Vitest JSON report and a closing line for CI, "tests: N passed, N failed",
// from all of them. A report that is missing (its run crashed before writing it) counts as a failure.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;
let missing = 0;
for (const file of process.argv.slice(2)) {
  const name = path.basename(file, '.json');
  if (!existsSync(file)) {
    missing++;
    console.log(`  ${name}: no report (${file})`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const pending = report.numPendingTests + (report.numTodoTests ?? 0);
  // A file that fails outside its tests (an import error, a failing beforeAll) fails no test itself.
  const brokenFiles = report.testResults.filter(
    (r) => r.status === 'failed' && !r.assertionResults.some((a) => a.status === 'failed'),
  ).length;
  passed += report.numPassedTests;
  failed += report.numFailedTests + brokenFiles;
  skipped += pending;
  console.log(
    `  ${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed` +
      (brokenFiles ? `, ${brokenFiles} file(s) failed to run` : '') +
      (pending ? `, ${pending} skipped` : ''),
  );
}
console.log(
  `tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}` +
    (missing ? `, ${missing} report(s) missing` : ''),
);
process.exit(failed > 0 || missing > 0 || passed === 0 ? 1 : 0);
