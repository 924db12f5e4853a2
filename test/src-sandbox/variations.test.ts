// The sandbox's variation modes (src-sandbox/variations.ts) over raw HTTP: each does what it says,
// the answers stay legal per the spec's schemas (read with the rule that a nullable key outside
// the legs may be absent), the control endpoint arms and disarms, and nothing is on by default.
import Ajv from 'ajv';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxInternals, startSandboxNetwork } from '../../src-sandbox/sandbox-network.ts';
import { type ArmedVariation, VARIATIONS, VARIATIONS_PATH, type VariedRequest } from '../../src-sandbox/variations.ts';
import { transfersUrl } from '../fixtures/sandbox-ledger-client.ts';
import {
  errorSchema,
  problemSchema,
  quarantinedSchema,
  startupSchema,
  transferLegSchema,
  transferListSchema,
} from '../fixtures/spec-schemas.ts';

type Schema = Record<string, unknown>;
type Property = { type?: unknown; anyOf?: Array<{ type?: unknown }> } | undefined;

/** A schema with its nullable keys no longer required, except inside the legs (2.1 promises those). */
function nullableMayBeAbsent(schema: unknown): Schema {
  if (!schema || typeof schema !== 'object' || schema === transferLegSchema) return schema as Schema;
  if (Array.isArray(schema)) return schema.map(nullableMayBeAbsent) as unknown as Schema;
  const s = schema as Schema;
  const copy: Schema = Object.fromEntries(Object.entries(s).map(([k, v]) => [k, nullableMayBeAbsent(v)]));
  const props = (s.properties ?? {}) as Record<string, Property>;
  const nullable = (p: Property) =>
    (Array.isArray(p?.type) && p.type.includes('null')) || Boolean(p?.anyOf?.some((a) => a.type === 'null'));
  if (Array.isArray(s.required)) copy.required = (s.required as string[]).filter((k) => !nullable(props[k]));
  return copy;
}

const ajv = new Ajv({ allErrors: true, strict: false });
const legal = {
  list: ajv.compile(nullableMayBeAbsent(transferListSchema)),
  error: ajv.compile(nullableMayBeAbsent(errorSchema)),
  problem: ajv.compile(nullableMayBeAbsent(problemSchema)),
  quarantined: ajv.compile(nullableMayBeAbsent(quarantinedSchema)),
  startup: ajv.compile(nullableMayBeAbsent(startupSchema)),
};

let net: SandboxInternals;
let origin: string;
let party: string;
let jwt: string;
beforeAll(async () => {
  net = await startSandboxNetwork({ seed: 5, transfers: 500, evm: false, variations: true });
  origin = new URL(net.urls.baseUrl).origin;
  party = net.ledger.store.parties.ids[0];
  jwt = net.ledger.auth.tokens.readAll;
});
afterAll(() => net.close());
afterEach(() => net.variations?.clear());

async function get(url: string, variation: string | null, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    headers: { jwt, ...headers, ...(variation ? { 'x-sandbox-variation': variation } : {}) },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type'), bytes, text: bytes.toString('utf8') };
}
const json = (text: string) => JSON.parse(text.replace(/^\uFEFF/, ''));
const lastPageUrl = () => transfersUrl(net.urls.baseUrl, party, { pageSize: '1000' });

describe('variation modes', () => {
  it('the normal answer is untouched without a variation', async () => {
    const plain = await get(lastPageUrl(), null);
    expect(json(plain.text)).toHaveProperty('nextPageUrl', null);
  });

  it('omit-next-page-url drops the key on the last page only, and the answer stays legal', async () => {
    const last = json((await get(lastPageUrl(), 'omit-next-page-url')).text);
    expect(last).not.toHaveProperty('nextPageUrl');
    expect(legal.list(last)).toBe(true);
    const first = json(
      (await get(transfersUrl(net.urls.baseUrl, party, { pageSize: '5' }), 'omit-next-page-url')).text,
    );
    expect(first.nextPageUrl).toMatch(/cursor=/);
  });

  it('omit-nullable and null-optional keep every body legal; legs keep all their keys', async () => {
    const page = json((await get(lastPageUrl(), 'null-optional,omit-nullable')).text);
    expect(page).not.toHaveProperty('party');
    expect(page.transfers.every((l: object) => Object.keys(l).length === 12)).toBe(true);
    expect(legal.list(page)).toBe(true);
    const quarantined = json(
      (await get(transfersUrl(net.urls.baseUrl, party, { nodeId: 'validator-3' }), 'null-optional')).text,
    );
    expect(Object.values(quarantined).every((v) => v === null)).toBe(true);
    expect(legal.quarantined(quarantined)).toBe(true);
    const unauthorized = await get(lastPageUrl(), 'null-optional,omit-nullable', { jwt: 'x' });
    expect([unauthorized.status, json(unauthorized.text)]).toEqual([401, {}]);
    expect(legal.error({})).toBe(true);
  });

  it('the start-up 503 and problem details stay legal in every variation that keeps them JSON', async () => {
    const starting = await startSandboxNetwork({
      seed: 5,
      transfers: 50,
      evm: false,
      variations: true,
      startupSeconds: 60,
    });
    try {
      for (const v of ['omit-nullable', 'null-optional,omit-nullable', 'int64-max', 'number-forms,reorder-keys']) {
        const answer = await fetch(transfersUrl(starting.urls.baseUrl, party), {
          headers: { 'x-sandbox-variation': v },
        });
        const text = await answer.text();
        expect(answer.status).toBe(503);
        expect(legal.startup(JSON.parse(text)), `${v}: ${text}`).toBe(true);
        if (v === 'int64-max') expect(text).toContain('"currentOffset":9223372036854775807');
        if (v.startsWith('number-forms')) expect(text).toMatch(/"totalPhases":5\.0E\+0/);
      }
    } finally {
      await starting.close();
    }
  });

  it('error bodies: empty, text/plain, problem details without trace or as the error response', async () => {
    const empty = await get(lastPageUrl(), 'empty-error-body', { jwt: 'x' });
    expect([empty.status, empty.type, empty.text]).toEqual([401, null, '']);
    const text = await get(lastPageUrl(), 'text-error-body', { jwt: 'x' });
    expect([text.status, text.type]).toEqual([401, 'text/plain; charset=utf-8']);
    expect(text.text).toMatch(/^ledger JWT is/);
    const faulted = await startSandboxNetwork({ seed: 5, transfers: 50, evm: false, faults: true });
    try {
      const url = transfersUrl(faulted.urls.baseUrl, party);
      const fault = { jwt, 'x-sandbox-fault': 'status=500' };
      const problem = await fetch(url, { headers: { ...fault, 'x-sandbox-variation': 'problem-without-trace' } });
      expect(problem.headers.get('content-type')).toBe('application/problem+json');
      const body = await problem.json();
      expect(body).not.toHaveProperty('traceId');
      expect(legal.problem(body)).toBe(true);
      const plain = await fetch(url, { headers: { ...fault, 'x-sandbox-variation': 'error-500' } });
      expect([plain.status, plain.headers.get('content-type')]).toEqual([500, 'application/json']);
      expect(legal.error(await plain.json())).toBe(true);
      // A fault written in parts (truncate) passes through a variation untouched.
      const cut = await fetch(url, { headers: { jwt, 'x-sandbox-fault': 'truncate', 'x-sandbox-variation': 'bom' } });
      await expect(cut.text()).rejects.toThrow();
    } finally {
      await faulted.close();
    }
  });

  it('extra-fields adds an unknown key to every object, nested ones too; reorder-keys reverses them', async () => {
    const page = json((await get(lastPageUrl(), 'extra-fields,reorder-keys')).text);
    expect(Object.keys(page)[0]).toBe('conformanceExtra');
    expect(page.transfers[0]).toHaveProperty('conformanceExtra');
    expect(Object.keys(page.transfers[0]).at(-1)).toBe('updateId');
    const chains = await get(`${net.urls.translateUrl}/evm/chains`, 'extra-fields,wrapped-chain-list', {
      apiKey: net.credentials.apiKey,
    });
    const listed = json(chains.text);
    expect(listed.chains[0].nativeCurrency).toHaveProperty('conformanceExtra');
  });

  it('number-forms, bom and content-type-params change the spelling, not the JSON', async () => {
    const plain = json((await get(lastPageUrl(), null)).text);
    const varied = await get(lastPageUrl(), 'number-forms,bom,content-type-params');
    expect(varied.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(varied.type).toBe('application/json; charset=utf-8');
    expect(varied.text).toMatch(/"count":\d+\.0E\+0/);
    expect(json(varied.text)).toEqual(plain);
  });

  it('long-amounts gives every leg 48 digits (every other one 38), keeping sign, fraction and decimals', async () => {
    const plain = json((await get(lastPageUrl(), null)).text);
    const page = json((await get(lastPageUrl(), 'long-amounts')).text);
    expect(legal.list(page)).toBe(true);
    const digits = (amount: string) => amount.replace(/[^0-9]/g, '').replace(/^0+/, '').length;
    const fraction = (amount: string) => amount.split('.')[1] ?? '';
    page.transfers.forEach((leg: { amount: string; decimals: number | null }, i: number) => {
      const before = plain.transfers[i];
      expect(digits(leg.amount), leg.amount).toBe(i % 2 === 0 ? 48 : 38);
      // The leg's own digits end it, and nothing else about it changed.
      expect(leg.amount.endsWith(before.amount.replace(/^-?0*/, ''))).toBe(true);
      expect(fraction(leg.amount)).toBe(fraction(before.amount));
      expect(leg.amount.startsWith('-')).toBe(before.amount.startsWith('-'));
      expect({ ...leg, amount: before.amount }).toEqual(before);
    });
  });

  it('effective-at-forms spells every time with 12 fraction digits and an offset, naming the same microsecond', async () => {
    const plain = json((await get(lastPageUrl(), null)).text);
    const varied = json((await get(lastPageUrl(), 'effective-at-forms')).text);
    expect(legal.list(varied)).toBe(true);
    const times = varied.transfers.map((l: { effectiveAt: string }) => l.effectiveAt);
    expect(times.slice(0, 4).map((t: string) => /(Z|[+-]\d\d:\d\d)$/.exec(t)?.[1])).toEqual([
      '+05:30',
      '-04:00',
      '+00:00',
      'Z',
    ]);
    for (const [k, leg] of varied.transfers.entries()) {
      const sent = plain.transfers[k].effectiveAt as string;
      expect(leg.effectiveAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{12}(Z|[+-]\d\d:\d\d)$/);
      // Less than a microsecond later than the time it stands for: the same microsecond.
      expect(Math.floor(Date.parse(leg.effectiveAt) / 1000)).toBe(Math.floor(Date.parse(sent) / 1000));
      expect(leg.effectiveAt.slice(20, 26)).toBe(sent.slice(20, 26));
      expect({ ...leg, effectiveAt: sent }).toEqual(plain.transfers[k]);
    }
  });

  it('verbatim-cursor marks the cursor and refuses it re-encoded', async () => {
    const first = json((await get(transfersUrl(net.urls.baseUrl, party, { pageSize: '5' }), 'verbatim-cursor')).text);
    expect(first.nextPageUrl).toMatch(/cursor=[A-Za-z0-9_-]+~$/);
    expect((await get(first.nextPageUrl, 'verbatim-cursor')).status).toBe(200);
    const altered = await get(first.nextPageUrl.replace(/~$/, '%7E'), 'verbatim-cursor');
    expect(altered.status).toBe(400);
    expect(json(altered.text).error).toMatch(/cursor came back altered/);
  });

  it.each([
    ['an unknown parameter', { pageSize: '5', limit: '5' }, /"limit" is not a query parameter/],
    ['a time without seconds', { effectiveAfter: '2026-01-01T00:00Z' }, /not an RFC 3339 date-time/],
    ['pageSize over 1000', { pageSize: '1001' }, /pageSize 1001/],
  ])('strict-requests refuses %s with the rule', async (_what, params, why) => {
    const refused = await get(transfersUrl(net.urls.baseUrl, party, params), 'strict-requests');
    expect(refused.status).toBe(400);
    expect(json(refused.text).error).toMatch(why);
  });

  it('strict-requests refuses a "+" in the query and a party segment not encoded as RFC 6570 says', async () => {
    const plus = `${transfersUrl(net.urls.baseUrl, party)}?instrumentAdmin=a+b&instrumentId=x`;
    expect(json((await get(plus, 'strict-requests')).text).error).toMatch(/"\+" in the query/);
    const raw = `${net.urls.baseUrl}/api/v2/parties/${party}/tokenTransfers`;
    expect(json((await get(raw, 'strict-requests')).text).error).toMatch(/RFC 6570/);
    expect((await get(raw, null)).status).toBe(200);
  });

  it('an unknown variation name is a 400 that lists the known ones', async () => {
    const answer = await get(lastPageUrl(), 'omit-everything');
    expect(answer.status).toBe(400);
    expect(json(answer.text).error).toContain(Object.keys(VARIATIONS).join(', '));
  });
});

describe('the control endpoint', () => {
  const control = `${VARIATIONS_PATH}`;
  const post = (body: unknown) =>
    fetch(`${origin}${control}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('arms a variation for N requests of one interface and path, lists it and the varied requests, disarms', async () => {
    const armed = await post({
      interface: 'ledger',
      variation: 'omit-next-page-url',
      times: 1,
      match: '/tokenTransfers',
    });
    expect(armed.status).toBe(201);
    const plainFetch = () => fetch(lastPageUrl(), { headers: { jwt } }).then((r) => r.json());
    expect(await plainFetch()).not.toHaveProperty('nextPageUrl');
    expect(await plainFetch()).toHaveProperty('nextPageUrl', null);
    const listed = (await (await fetch(`${origin}${control}`)).json()) as {
      armed: ArmedVariation[];
      requests: VariedRequest[];
    };
    expect(listed.armed).toEqual([]);
    expect(listed.requests.at(-1)).toMatchObject({
      interface: 'ledger',
      variations: ['omit-next-page-url'],
      status: 200,
    });
    expect(listed.requests.at(-1)?.path).not.toContain('?');
    await post({ interface: 'chains', variation: 'bom' });
    const deleted = await (await fetch(`${origin}${control}?interface=chains`, { method: 'DELETE' })).json();
    expect(deleted).toEqual({ disarmed: 1, armed: [] });
  });

  it('refuses what it cannot arm, saying why', async () => {
    const refusal = async (body: unknown) => ((await (await post(body)).json()) as { error: string }).error;
    expect(await refusal({ interface: 'ledger', variation: 'nope' })).toMatch(/unknown variation "nope"/);
    expect(await refusal({ interface: 'mail', variation: 'bom' })).toMatch(/"interface" must be/);
    expect(await refusal({ interface: 'rpc', variation: 'bom', extra: 1 })).toMatch(/unknown field/);
  });

  it('is not there, and the header is ignored, unless the sandbox was started with variations or faults', async () => {
    const plain = await startSandboxNetwork({ seed: 5, transfers: 50, evm: false });
    try {
      const at = new URL(plain.urls.baseUrl).origin;
      expect((await fetch(`${at}${control}`)).status).toBe(404);
      const answer = await fetch(
        transfersUrl(plain.urls.baseUrl, plain.ledger.store.parties.ids[0], { pageSize: '1000' }),
        {
          headers: { jwt: plain.ledger.auth.tokens.readAll, 'x-sandbox-variation': 'omit-next-page-url' },
        },
      );
      expect(await answer.json()).toHaveProperty('nextPageUrl', null);
    } finally {
      await plain.close();
    }
  });
});
