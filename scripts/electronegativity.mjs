// `npm run security:scan` (and a step of `npm test`): Electronegativity over the app's sources.
// Passes when every finding above INFORMATIONAL is one of the JUSTIFIED entries below (each argued
// in docs/security.md, "Electronegativity"); fails on any other finding, on a file it could not
// parse, and on a justification that no longer matches a finding (so the list cannot go stale).
//
// What is scanned: src-main, src-sandbox (a chunk of the packaged main), src-preload, src-renderer, src-shared and package.json, copied to a
// temporary folder together with `renderer-csp.html`, a page whose <meta> carries the policy of
// src-shared/csp.ts. The app sends that policy as a header from its app:// protocol handler, a form
// Electronegativity's CSP matcher does not recognise (it knows <meta> tags and onHeadersReceived
// literals): without the page it reports "no CSP" instead of judging the real one.
//
// The scan makes no network call: Electronegativity fetches translations and Electron's release
// list over the internet; both go through `got`, which is replaced here by a stub that answers 404.
// The check that needs the release list (AvailableSecurityFixesGlobalCheck: "is this Electron the
// newest patch?") is therefore not run; it would make the result depend on the day it runs.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { rendererCsp } from '../src-shared/csp.ts';

const root = resolve(import.meta.dirname, '..');

/** Findings above INFORMATIONAL that are accepted, each argued in docs/security.md. */
export const JUSTIFIED = [
  {
    id: 'PRELOAD_JS_CHECK',
    file: 'src-main/shell/main-window.ts',
    why: 'the sandboxed preload exposes one frozen object built from the contract; no ipcRenderer, no Node',
  },
  {
    id: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'src-main/shell/main-window.ts',
    why: 'only URLs that navigation-policy.ts externalLink() accepted (https, no credentials) are opened',
  },
  {
    id: 'PROTOCOL_HANDLER_JS_CHECK',
    file: 'src-main/shell/app-links.ts',
    why: 'ledger-explorer:// links are queued as text, parsed strictly in the renderer (view-link.ts), never navigated to; a packaged app only',
  },
  {
    id: 'CSP_GLOBAL_CHECK',
    file: 'renderer-csp.html',
    // FIRM is the "maybe weak" verdict; a CSP the evaluator calls weak (CERTAIN) or none at all is not covered.
    confidence: 'FIRM',
    why: "the one remark on the real CSP is script-src 'self'; 'self' is app://renderer, which serves only the built bundle",
  },
];

const SCANNED = ['src-main', 'src-sandbox', 'src-preload', 'src-renderer', 'src-shared', 'package.json'];

function stubNetwork(require) {
  // Electronegativity's own copy of got, replaced in the CommonJS cache before it is first loaded.
  const gotPath = createRequire(require.resolve('@doyensec/electronegativity/package.json')).resolve('got');
  const offline = async () => ({ statusCode: 404, body: '' });
  offline.head = offline;
  const stub = new Module(gotPath);
  stub.filename = gotPath;
  stub.loaded = true;
  stub.exports = { __esModule: true, default: offline };
  require.cache[gotPath] = stub;
}

function filesUnder(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => filesUnder(join(path, name)));
}

export async function scan() {
  const require = createRequire(import.meta.url);
  stubNetwork(require);
  const run = require('@doyensec/electronegativity');
  const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
  const { version: toolVersion } = require('@doyensec/electronegativity/package.json');

  const stage = mkdtempSync(join(tmpdir(), 'electronegativity-'));
  try {
    for (const entry of SCANNED) cpSync(join(root, entry), join(stage, entry), { recursive: true });
    writeFileSync(
      join(stage, 'renderer-csp.html'),
      `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${rendererCsp('electron')}"></head><body></body></html>\n`,
    );
    const files = filesUnder(stage).filter((f) => /\.(ts|tsx|js|jsx|html)$/.test(f)).length;
    const result = await run(
      {
        input: stage,
        isRelative: true,
        electronVersionOverride: electronVersion,
        customScan: [],
        excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
        parserPlugins: [],
      },
      false,
    );
    return {
      toolVersion,
      electronVersion,
      files,
      checks: result.globalChecks + result.atomicChecks,
      errors: result.errors
        .filter((e) => !e.tolerable)
        .map((e) => ({ file: relative(stage, e.file), message: e.message })),
      findings: result.issues.map((issue) => ({
        id: issue.id,
        severity: issue.severity.name,
        confidence: issue.confidence.name,
        file: issue.file === 'N/A' ? 'N/A' : relative(stage, resolve(stage, issue.file)),
        line: issue.location.line,
        sample: issue.sample ?? '',
      })),
    };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/**
 * Sorts findings into informational / justified / to fix, and justifications that matched nothing.
 * Each justification covers ONE finding (same check, file and, if given, confidence): a second
 * openExternal in the same file is a new finding to judge.
 */
export function judge(findings, justified = JUSTIFIED) {
  const unused = [...justified];
  const verdict = { informational: [], justified: [], unjustified: [], stale: [] };
  for (const f of findings) {
    if (f.severity === 'INFORMATIONAL') {
      verdict.informational.push(f);
      continue;
    }
    const at = unused.findIndex(
      (j) => j.id === f.id && j.file === f.file && (!j.confidence || j.confidence === f.confidence),
    );
    if (at < 0) verdict.unjustified.push(f);
    else verdict.justified.push({ ...f, why: unused.splice(at, 1)[0].why });
  }
  verdict.stale = unused;
  return verdict;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await scan();
  const verdict = judge(result.findings);
  const line = (f) => `${f.severity.padEnd(13)} ${f.id} ${f.file}${f.line ? `:${f.line}` : ''}`;
  for (const f of verdict.informational) console.log(`  ${line(f)}  (informational)`);
  for (const f of verdict.justified) console.log(`  ${line(f)}  justified: ${f.why}`);
  for (const f of verdict.unjustified)
    console.log(`  ${line(f)}  NOT JUSTIFIED: fix it, or argue it in docs/security.md`);
  for (const j of verdict.stale) console.log(`  stale justification: ${j.id} ${j.file} matches no finding any more`);
  for (const e of result.errors) console.log(`  could not parse ${e.file}: ${e.message}`);
  const failed = verdict.unjustified.length + verdict.stale.length + result.errors.length;
  console.log(
    `Electronegativity ${result.toolVersion}: ${result.checks} checks over ${result.files} files (Electron ${result.electronVersion}): ` +
      `${result.findings.length} findings, ${verdict.informational.length} informational, ${verdict.justified.length} justified ` +
      `(docs/security.md), ${verdict.unjustified.length} not justified; ${result.errors.length} files not parsed`,
  );
  process.exit(failed > 0 ? 1 : 0);
}
