// The committed artifacts are what the committed Solidity sources compile to: a source edited without
// `npm run contracts:build` (or a hand-edited artifacts.json) fails here, so the sandbox never deploys stale code.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS_PATH, compileContracts } from '../../scripts/build-contracts.ts';

describe('sandbox contract artifacts', () => {
  it('equal a fresh compile of the sources (else run npm run contracts:build)', () => {
    expect(readFileSync(ARTIFACTS_PATH, 'utf8')).toBe(compileContracts());
  });
});
