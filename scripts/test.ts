// Runs the whole Vitest suite and ends with the plain line CI reads: "N passed, N failed".
// Browser journeys (the e2e project) run after the rest, alone, so the database-heavy suites do
// not starve Chromium of CPU on a two-core machine. Extra arguments go to Vitest unchanged
// (e.g. `npm test -- --project core` runs just that).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numTotalTests: number;
  testResults: { status: string; message?: string }[];
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  total: number;
  exitCode: number;
}

const outDir = join(process.cwd(), 'test-results');
mkdirSync(outDir, { recursive: true });
const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';

function runVitest(name: string, args: string[]): Counts {
  const outFile = join(outDir, `vitest-${engine}-${name}.json`);
  rmSync(outFile, { force: true });
  const run = spawnSync(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outFile}`,
      ...args,
    ],
    { stdio: 'inherit', env: process.env },
  );
  let report: VitestJson | undefined;
  try {
    report = JSON.parse(readFileSync(outFile, 'utf8')) as VitestJson;
  } catch {
    report = undefined;
  }
  if (!report) return { passed: 0, failed: 1, skipped: 0, total: 0, exitCode: run.status || 1 };
  // A test file that fails to load has no test results but a failed file status: count it.
  const brokenFiles = report.testResults.filter((f) => f.status === 'failed' && f.message).length;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + (report.numFailedTests === 0 ? brokenFiles : 0),
    skipped: report.numPendingTests + report.numTodoTests,
    total: report.numTotalTests,
    exitCode: run.status ?? 1,
  };
}

const extra = process.argv.slice(2);
const phases: Counts[] =
  extra.length > 0
    ? [runVitest('custom', extra)]
    : [
        runVitest('main', ['--project', 'core', '--project', 'server', '--project', 'web']),
        runVitest('e2e', ['--project', 'e2e']),
      ];

const sum = phases.reduce(
  (a, c) => ({
    passed: a.passed + c.passed,
    failed: a.failed + c.failed,
    skipped: a.skipped + c.skipped,
    total: a.total + c.total,
    exitCode: a.exitCode || c.exitCode,
  }),
  { passed: 0, failed: 0, skipped: 0, total: 0, exitCode: 0 },
);
console.log(`${sum.passed} passed, ${sum.failed} failed${sum.skipped ? `, ${sum.skipped} skipped` : ''}`);
process.exit(sum.failed > 0 || sum.exitCode !== 0 || sum.total === 0 ? 1 : 0);
