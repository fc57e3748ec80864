// Runs the whole Vitest suite and ends with the plain line CI reads: "N passed, N failed".
// Extra arguments go to Vitest (e.g. `npm test -- --project core`).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numTotalTests: number;
  testResults: { status: string; message?: string; name: string }[];
}

const outDir = join(process.cwd(), 'test-results');
mkdirSync(outDir, { recursive: true });
const outFile = join(outDir, `vitest-${process.env.DATABASE_URL ? 'postgres' : 'pglite'}.json`);

const run = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outFile}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: process.env },
);

let report: VitestJson | undefined;
try {
  report = JSON.parse(readFileSync(outFile, 'utf8')) as VitestJson;
} catch {
  report = undefined;
}
if (!report) {
  console.log('0 passed, 1 failed');
  process.exit(run.status || 1);
}
// A test file that fails to load has no test results but a failed file status: count it.
const brokenFiles = report.testResults.filter((f) => f.status === 'failed' && f.message).length;
const failed = report.numFailedTests + (report.numFailedTests === 0 ? brokenFiles : 0);
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`${report.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || run.status !== 0 ? 1 : report.numTotalTests === 0 ? 1 : 0);
