// Test aid: checks a snippet the way its own tool would, without running it: bash -n for the shell
// ones, node --check for the JavaScript ones (as .mjs: top-level await and import), python3's
// compiler for Python. Answers the tool's complaint, or null when the snippet is valid.
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { SnippetLanguage } from '../../../../src-shared/contract/rpc-snippet.ts';

const run = promisify(execFile);

const CHECKS: Record<SnippetLanguage, { file: string; command: (path: string) => [string, string[]] }> = {
  curl: { file: 'snippet.sh', command: (path) => ['bash', ['-n', path]] },
  cast: { file: 'snippet.sh', command: (path) => ['bash', ['-n', path]] },
  fetch: { file: 'snippet.mjs', command: (path) => [process.execPath, ['--check', path]] },
  viem: { file: 'snippet.mjs', command: (path) => [process.execPath, ['--check', path]] },
  ethers: { file: 'snippet.mjs', command: (path) => [process.execPath, ['--check', path]] },
  // py_compile writes its cache next to the file: inside the temp folder.
  python: { file: 'snippet.py', command: (path) => ['python3', ['-m', 'py_compile', path]] },
};

/** Writes the snippet to a fresh temp folder; answers its path. */
export async function writeSnippet(language: SnippetLanguage, code: string): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'snippet-')), CHECKS[language].file);
  await writeFile(path, code);
  return path;
}

export async function syntaxProblem(language: SnippetLanguage, code: string): Promise<string | null> {
  const [command, args] = CHECKS[language].command(await writeSnippet(language, code));
  try {
    await run(command, args);
    return null;
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    return `${language}: ${stderr || message}\n${code}`;
  }
}
