// Process boundaries, checked mechanically by reading every import in the tree.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBoundaryViolations, importsOf } from './fixtures/imports.ts';

const root = resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|mjs)$/.test(name) ? [path] : [];
  });
}

describe('process boundaries', () => {
  const files = ['src-main', 'src-preload', 'src-renderer', 'src-shared'].flatMap((d) => sourceFiles(join(root, d)));
  const tree = files.map((file) => ({ file: relative(root, file), imports: importsOf(readFileSync(file, 'utf8')) }));

  it('finds the source tree', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('has no import that crosses a boundary', () => {
    expect(findBoundaryViolations(tree, root)).toEqual([]);
  });

  it('only src-main/shell and the preload entry import electron', () => {
    const importers = tree.filter((f) => f.imports.includes('electron')).map((f) => f.file);
    expect(importers.length).toBeGreaterThan(0);
    for (const file of importers) expect(file).toMatch(/^(src-main\/shell\/|src-preload\/index\.ts$)/);
  });

  it('the checker catches electron in services, main in the renderer and node in the renderer', () => {
    const planted = [
      { file: 'src-main/services/planted.ts', imports: ['electron'] },
      { file: 'src-main/services/planted-2.ts', imports: ['../shell/main.ts'] },
      { file: 'src-renderer/planted.tsx', imports: ['../src-main/services/app-services.ts'] },
      { file: 'src-renderer/planted-2.tsx', imports: ['node:fs'] },
      { file: 'src-shared/planted.ts', imports: ['../src-main/services/errors.ts'] },
      { file: 'src-preload/planted.ts', imports: ['node:child_process'] },
    ];
    expect(findBoundaryViolations(planted, root).map((v) => v.file)).toEqual(planted.map((p) => p.file));
  });
});
