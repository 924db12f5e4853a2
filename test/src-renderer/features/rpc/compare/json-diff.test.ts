// The structural diff behind "Side by side": what it reports on real answer shapes, and two
// properties over any JSON (fast-check): an answer never differs from itself, and every path it
// reports really differs between the two answers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffJson, isRpcId } from '../../../../../src-renderer/features/rpc/compare/json-diff.ts';
import { pathKeys } from '../../../../../src-renderer/features/rpc/json-tree-model.ts';

/** The value at a JSON Pointer, or `missing` (own keys only, so "__proto__" is a key like any other). */
const missing = Symbol('missing');
function lookup(root: unknown, path: string): unknown {
  let value = root;
  for (const key of pathKeys(path)) {
    if (Array.isArray(value)) {
      const index = Number(key);
      if (!(index < value.length)) return missing;
      value = value[index];
    } else if (value !== null && typeof value === 'object' && Object.hasOwn(value, key)) {
      value = (value as Record<string, unknown>)[key];
    } else return missing;
  }
  return value;
}

/** Equal as JSON (the text a node would send), key order aside. */
function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const keysA = Object.keys(a);
    return (
      keysA.length === Object.keys(b).length &&
      keysA.every((k) => Object.hasOwn(b, k) && sameJson((a as never)[k], (b as never)[k]))
    );
  }
  return a === b;
}

describe('diffJson', () => {
  it('full vs archive at an old block: the result on one side, the error on the other', () => {
    const full = { jsonrpc: '2.0', id: 7, error: { code: -32000, message: 'missing trie node' } };
    const archive = { jsonrpc: '2.0', id: 8, result: '0x21e19e0c9bab2400000' };

    expect(diffJson(full, archive, { ignore: isRpcId })).toEqual({
      differences: [
        { path: '/error', kind: 'removed' },
        { path: '/result', kind: 'added' },
      ],
      total: 2,
    });
  });

  it('compares hex quantities as the strings the node sent, arrays by index, and ignores the ids', () => {
    const a = [
      { id: 1, result: { number: '0x1', logs: ['a', 'b'] } },
      { id: 2, result: '0xAbC' },
    ];
    const b = [
      { id: 3, result: { number: '0x01', logs: ['b'] } },
      { id: 4, result: '0xabc' },
    ];

    expect(diffJson(a, b, { ignore: isRpcId }).differences).toEqual([
      { path: '/0/result/number', kind: 'changed' },
      { path: '/0/result/logs/0', kind: 'changed' },
      { path: '/0/result/logs/1', kind: 'removed' },
      { path: '/1/result', kind: 'changed' },
    ]);
    // Without the rule the ids differ too.
    expect(diffJson(a, b).total).toBe(6);
  });

  it('a container against a primitive, null against a missing key, and keys that need escaping', () => {
    expect(diffJson({ r: [] }, { r: null }).differences).toEqual([{ path: '/r', kind: 'changed' }]);
    expect(diffJson({ r: null }, {}).differences).toEqual([{ path: '/r', kind: 'removed' }]);
    expect(diffJson({ 'a/b': 1, '~': 1 }, { 'a/b': 2, '~': 1 }).differences).toEqual([
      { path: '/a~1b', kind: 'changed' },
    ]);
  });

  it('lists at most `limit` differences and counts them all', () => {
    const a = Array.from({ length: 5000 }, (_, i) => i);
    const b = a.map((i) => i + 1);
    const diff = diffJson(a, b, { limit: 10 });

    expect(diff.total).toBe(5000);
    expect(diff.differences.map((d) => d.path)).toEqual(Array.from({ length: 10 }, (_, i) => `/${i}`));
  });

  it('walks a 100,000-deep nesting and a 10 MB answer without overflowing the stack', () => {
    let deepA: unknown = 'x';
    let deepB: unknown = 'y';
    for (let i = 0; i < 100_000; i++) {
      deepA = [deepA];
      deepB = { k: deepB };
    }
    expect(diffJson(deepA, deepA).total).toBe(0);
    expect(diffJson({ r: deepA }, { r: deepB }).differences).toEqual([{ path: '/r', kind: 'changed' }]);

    const logs = Array.from({ length: 40_000 }, (_, i) => ({
      address: `0x${i.toString(16).padStart(40, '0')}`,
      data: `0x${'00'.repeat(32)}`,
      topics: [`0x${'ddf252ad'.repeat(8)}`],
      transactionHash: `0x${i.toString(16).padStart(64, '0')}`,
    }));
    const big = JSON.parse(JSON.stringify({ jsonrpc: '2.0', id: 1, result: logs }));
    expect(JSON.stringify(big).length).toBeGreaterThan(7_000_000);
    const changed = structuredClone(big);
    changed.result[39_999].data = '0x1';
    expect(diffJson(big, changed).differences).toEqual([{ path: '/result/39999/data', kind: 'changed' }]);
  });

  it('property: an answer never differs from itself (or from its copy)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(diffJson(value, value)).toEqual({ differences: [], total: 0 });
        expect(diffJson(value, structuredClone(value)).total).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('property: every reported path really differs, and no difference means the same JSON', () => {
    // Two values built from the same small alphabet, so they share structure and differ a little.
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom('0x1', '0x01', 'a', null, 0, 1, true),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom('a', 'b', 'c/d', '~'), tie('value'), { maxKeys: 3 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, json, (a, b) => {
        const { differences, total } = diffJson(a, b);
        expect(total).toBe(differences.length);
        for (const { path, kind } of differences) {
          const [x, y] = [lookup(a, path), lookup(b, path)];
          if (kind === 'added') expect([x === missing, y !== missing]).toEqual([true, true]);
          else if (kind === 'removed') expect([x !== missing, y === missing]).toEqual([true, true]);
          else {
            expect(x !== missing && y !== missing).toBe(true);
            expect(sameJson(x, y)).toBe(false);
          }
        }
        expect(total === 0).toBe(sameJson(a, b));
      }),
      { numRuns: 1000 },
    );
  });
});
