import { describe, expect, it } from 'vitest';
import { createDispatch, type Handlers } from '../../../src-main/services/dispatch.ts';
import { ServiceError } from '../../../src-main/services/errors.ts';
import { CHANNELS } from '../../../src-shared/contract/channels.ts';

// A handler table whose every handler echoes its parsed arguments, or throws what it is told.
function echoHandlers(fail?: Error): Handlers {
  const table: Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const { domain, verb } of CHANNELS) {
    table[domain] ??= {};
    table[domain][verb] = async (...args) => {
      if (fail) throw fail;
      return { channel: `${domain}:${verb}`, args };
    };
  }
  return table as unknown as Handlers;
}

describe('dispatch', () => {
  it('names every channel domain:verb', () => {
    for (const { name } of CHANNELS) expect(name).toMatch(/^[a-z]+:[a-zA-Z]+$/);
    expect(new Set(CHANNELS.map((c) => c.name)).size).toBe(CHANNELS.length);
  });

  it('passes schema-parsed arguments to the handler and wraps the answer', async () => {
    const dispatch = createDispatch(echoHandlers());
    expect(await dispatch('secrets:set', ['sandbox', 'apiKey', '  key-with-spaces  '])).toEqual({
      ok: true,
      value: { channel: 'secrets:set', args: ['sandbox', 'apiKey', 'key-with-spaces'] },
    });
  });

  it('refuses unknown channels, including prototype keys', async () => {
    const dispatch = createDispatch(echoHandlers());
    for (const name of ['nope:nope', '__proto__', 'constructor', 'toString', 42]) {
      const result = await dispatch(name as string, []);
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    }
  });

  it('answers bad arguments with invalid_argument naming the field', async () => {
    const dispatch = createDispatch(echoHandlers());
    const result = await dispatch('settings:saveProfile', [
      {
        name: 'Prod',
        baseUrl: 'file:///etc/passwd',
        translateUrl: 'https://user:pw@example.com',
        partnerUrl: 'https://p.example.com',
        rpcUrl: 'https://r.example.com',
        defaultNodeId: null,
        chainAuth: 'apiKey',
        rpcKeyPlacement: 'header',
        rpcSeparator: '_',
        ledgerAuthPlacement: 'header',
      },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_argument');
    const issues = result.error.details?.issues as Array<{ path: string[]; message: string }>;
    expect(issues.find((i) => i.path.at(-1) === 'baseUrl')?.message).toMatch(/only http and https/);
    expect(issues.find((i) => i.path.at(-1) === 'translateUrl')?.message).toMatch(/user name\/password/);
    for (const args of [undefined, null, 'x', [1, 2, 3], [{ toString: 1 }]]) {
      expect(await dispatch('secrets:status', args)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    }
  });

  it('keeps a ServiceError code and message; hides nothing else behind "Error invoking remote method"', async () => {
    const typed = createDispatch(
      echoHandlers(new ServiceError('unauthorized', 'Chain listing: HTTP 401 — invalid apiKey')),
    );
    expect(await typed('app:info', [])).toEqual({
      ok: false,
      error: { code: 'unauthorized', message: 'Chain listing: HTTP 401 — invalid apiKey' },
    });
    const lines: string[] = [];
    const untyped = createDispatch(echoHandlers(new TypeError('boom')), (line) => lines.push(line));
    const answer = await untyped('app:info', []);
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'internal', message: expect.stringMatching(/Internal error in app:info \(TypeError\)/) },
    });
    expect(JSON.stringify(answer)).not.toContain('boom');
    expect(lines).toEqual(['app:info failed: TypeError']);
  });
});
