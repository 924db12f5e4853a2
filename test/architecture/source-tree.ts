// The product's source files as the architecture tests read them: every TypeScript (and .mjs) file
// under the five source folders, with its path relative to the project root.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { projectPath } from './import-rules.ts';

export const root = resolve(import.meta.dirname, '../..');
export const SOURCE_DIRS = ['src-main', 'src-sandbox', 'src-shared', 'src-preload', 'src-renderer'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|mjs)$/.test(name) ? [path] : [];
  });
}

/** Every source file: its absolute path, its path from the root, its text. */
export function readSourceTree(): Array<{ path: string; file: string; source: string }> {
  return SOURCE_DIRS.filter((d) => existsSync(join(root, d)))
    .flatMap((d) => sourceFiles(join(root, d)))
    .map((path) => ({ path, file: projectPath(root, path), source: readFileSync(path, 'utf8') }));
}
