// keytar must be optional: a hard dependency whose native build fails (no libsecret-1-dev) stops the
// whole `npm install`. Pinned exactly, because its native part is built at install time and a
// silent upgrade could change what builds where.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../../..');
const read = (file: string) => JSON.parse(readFileSync(resolve(root, file), 'utf8'));

describe('keytar is an optional dependency', () => {
  it('package.json lists it only under optionalDependencies, with an exact version', () => {
    const pkg = read('package.json');
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
      expect(pkg[field]?.keytar, field).toBeUndefined();
    }
    expect(pkg.optionalDependencies?.keytar).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('package-lock.json agrees, so `npm ci` may skip it', () => {
    const pkg = read('package.json');
    const lock = read('package-lock.json');
    const rootEntry = lock.packages[''];
    expect(rootEntry.dependencies?.keytar).toBeUndefined();
    expect(rootEntry.optionalDependencies?.keytar).toBe(pkg.optionalDependencies.keytar);
    expect(lock.packages['node_modules/keytar']).toMatchObject({
      version: pkg.optionalDependencies.keytar,
      optional: true,
    });
  });
});
