// `npm test`: every tier, one summary line at the end.
//   1. build (main, preload, renderer, and the renderer for the browser tier)
//   2. security scan: Electronegativity over the sources (scripts/electronegativity.mjs); one test
//   3. vitest: the Node tier (real keytar on a private Secret Service) and the component tier
//      (React in happy-dom over a fake bridge), with v8 line coverage of both, reported as a goal
//   4. browser tier (Playwright + Debian Chromium + the loopback test bridge)
//   5. Electron tier (Playwright _electron), only where an Electron binary exists: otherwise one
//      line says it was skipped and why. It never passes silently.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { findElectronBinary } from './electron-binary.mjs';

const root = resolve(import.meta.dirname, '..');
const reports = join(root, '.test-tmp');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`Node ${process.versions.node} is too old: this project needs Node >= 22.12 (see .nvmrc).`);
  process.exit(1);
}

const bin = {
  electronVite: join(root, 'node_modules/electron-vite/bin/electron-vite.js'),
  vite: join(root, 'node_modules/vite/bin/vite.js'),
  vitest: join(root, 'node_modules/vitest/vitest.mjs'),
  playwright: join(root, 'node_modules/@playwright/test/cli.js'),
};

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`${label}: ${error.message}`);
      resolveRun(1);
    });
  });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const notes = [];

// 1. Build
if (
  (await run('build: electron-vite', process.execPath, [bin.electronVite, 'build', '--logLevel', 'warn'])) !== 0 ||
  (await run('build: renderer for the browser tier', process.execPath, [
    bin.vite,
    'build',
    '--config',
    'vite.web.config.ts',
    '--logLevel',
    'warn',
  ])) !== 0
) {
  console.log('\nbuild failed');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
for (const dir of ['out/main', 'out/preload', 'out/renderer', 'out/web']) {
  if (!existsSync(join(root, dir))) {
    console.log(`build did not write ${dir}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

// 2. Security scan: counts as one test
const scanCode = await run('security scan (Electronegativity)', process.execPath, [
  join(root, 'scripts/electronegativity.mjs'),
]);
if (scanCode === 0) totals.passed += 1;
else {
  totals.failed += 1;
  notes.push(
    'security scan (Electronegativity): a finding to fix or justify, or a file it could not parse (see above)',
  );
}

// 3. Node + component tiers, with coverage. Coverage is a goal, never a failure; if the coverage
// step itself breaks the run, the tests run again without it so their counts are not lost.
const vitestReport = join(reports, 'vitest.json');
const coverageSummary = join(reports, 'coverage/coverage-summary.json');
const vitestArgs = [bin.vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestReport}`];
const vitestStarted = Date.now();
let vitestCode = await run('unit, integration and component (vitest, with coverage)', process.execPath, [
  ...vitestArgs,
  '--coverage',
]);
console.log(`vitest wall time: ${((Date.now() - vitestStarted) / 1000).toFixed(1)} s (with coverage)`);
if (vitestCode !== 0 && !(existsSync(vitestReport) && existsSync(coverageSummary))) {
  const report = readReport(vitestReport);
  const testsFailed = report && (report.numFailedTests > 0 || report.numFailedTestSuites > 0);
  if (!testsFailed) {
    notes.push(`coverage: the coverage run ended with exit code ${vitestCode} and no summary; tests re-run without it`);
    rmSync(vitestReport, { force: true });
    vitestCode = await run('unit, integration and component (vitest, coverage off)', process.execPath, vitestArgs);
  }
}
countVitest(vitestReport, vitestCode);
const coverageLines = describeCoverage(coverageSummary);

// 4. Browser tier
await runPlaywright('browser tier (Chromium + test bridge)', 'browser');

// 5. Electron tier
const electronBinary = findElectronBinary();
if (electronBinary.path) {
  const headless = !process.env.DISPLAY && existsSync('/usr/bin/xvfb-run');
  await runPlaywright('Electron tier', 'electron', headless ? ['xvfb-run', '-a'] : []);
} else {
  const line = `Electron tier: SKIPPED (not run, not counted as passed): ${electronBinary.reason}.`;
  console.log(`\n=== Electron tier ===\n${line}`);
  notes.push(line);
}

console.log('\n=== summary ===');
for (const note of notes) console.log(note);
for (const line of coverageLines) console.log(line);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);

async function runPlaywright(label, project, prefix = []) {
  const report = join(reports, `playwright-${project}.json`);
  // faults-matrix-reporter prints the fault matrix with each cell's result when its tests ran.
  const args = [
    bin.playwright,
    'test',
    `--project=${project}`,
    '--reporter=list,json,./e2e/support/faults-matrix-reporter.ts',
  ];
  const [command, ...rest] = prefix.length ? [...prefix, process.execPath, ...args] : [process.execPath, ...args];
  const code = await run(label, command, rest, { PLAYWRIGHT_JSON_OUTPUT_FILE: report });
  try {
    const { stats } = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    if (code !== 0 && stats.unexpected === 0) totals.failed += 1; // e.g. global setup failed
  } catch {
    totals.failed += 1;
    notes.push(`${label}: no report (exit code ${code})`);
  }
}

function readReport(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

function countVitest(report, code) {
  try {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests;
    totals.skipped += result.numPendingTests + result.numTodoTests;
    if (code !== 0 && result.numFailedTests === 0) totals.failed += 1; // a suite failed to load
  } catch {
    totals.failed += 1;
    notes.push(`unit tier: no report (exit code ${code})`);
  }
}

// v8 line coverage of the Node + component tiers, in total and per source folder. Never throws:
// a missing or unreadable summary is said in one line.
function describeCoverage(summaryPath) {
  const GOAL = 85;
  const FOLDERS = ['src-main/services', 'src-sandbox', 'src-shared', 'src-preload', 'src-renderer'];
  const summary = readReport(summaryPath);
  if (!summary?.total?.lines) return [`line coverage: not measured (no ${relative(root, summaryPath)})`];
  const count = (n) => n.toLocaleString('en-US');
  const pct = (covered, total) => (total === 0 ? '-' : `${((100 * covered) / total).toFixed(1)}%`);
  const { covered, total } = summary.total.lines;
  const lines = [
    `line coverage (Node + component tiers): ${pct(covered, total)} of ${count(total)} lines (goal >= ${GOAL}%)`,
  ];
  for (const folder of FOLDERS) {
    const prefix = `${join(root, folder)}/`;
    let folderCovered = 0;
    let folderTotal = 0;
    for (const [file, entry] of Object.entries(summary)) {
      if (!file.startsWith(prefix)) continue;
      folderCovered += entry.lines.covered;
      folderTotal += entry.lines.total;
    }
    lines.push(
      folderTotal === 0
        ? `  ${folder.padEnd(18)}      - (no measured files)`
        : `  ${folder.padEnd(18)} ${pct(folderCovered, folderTotal).padStart(6)} of ${count(folderTotal)} lines`,
    );
  }
  return lines;
}
