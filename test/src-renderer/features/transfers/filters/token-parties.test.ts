// What the form says about the profile's ledger JWT: expiry warned 10 minutes ahead, expiry
// stated plainly, audience tokens explained, claims tokens' parties offered.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TokenParties } from '../../../../../src-renderer/features/transfers/filters/token-parties.tsx';
import type { TokenInfo } from '../../../../../src-shared/contract/transfers.ts';

const ALICE = `alice::1220${'a'.repeat(64)}`;
const info = (patch: Partial<TokenInfo>): TokenInfo => ({
  present: true,
  form: 'claims',
  readAs: [ALICE],
  actAs: [],
  subject: 'party-1',
  expiresAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
  expired: false,
  problem: null,
  ...patch,
});
// Inside a query client, as in the app: a party shown reads its label from the address book (none here).
const render = (tokenInfo: TokenInfo) =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(TokenParties, { info: tokenInfo, error: null, onPick: () => {} }),
    ),
  );

describe('TokenParties', () => {
  it('offers the parties a claims token names, shortened, with their right', () => {
    const html = render(info({}));
    expect(html).toContain('alice::1220aa…aaaa');
    expect(html).toContain('readAs');
    expect(html).toContain(`aria-label="Use ${ALICE} (readAs)"`);
    expect(html).toContain('(expires in 12 months)');
    expect(html).not.toContain('The ledger JWT expires');
  });

  it('warns when the token expires within 10 minutes', () => {
    const html = render(info({ expiresAt: new Date(Date.now() + 5 * 60_000 + 5_000).toISOString() }));
    expect(html).toContain('The ledger JWT expires in 5 minutes');
  });

  it('says clearly when it has expired', () => {
    const html = render(info({ expiresAt: new Date(Date.now() - 60_000).toISOString(), expired: true }));
    expect(html).toContain('The ledger JWT has expired');
    expect(html).toContain('role="alert"');
  });

  it('explains that an audience token’s parties are resolved by the participant', () => {
    const html = render(info({ form: 'audience', readAs: [], subject: 'admin-reader' }));
    expect(html).toContain('names a user (admin-reader) of the participant');
    expect(html).toContain('the participant resolves which parties it may read');
  });

  it('on the sandbox, points at its parties instead of saying none can be listed', () => {
    const html = renderToStaticMarkup(
      createElement(TokenParties, {
        info: info({ form: 'audience', readAs: [], subject: 'admin-reader' }),
        error: null,
        onPick: () => {},
        sandboxParties: 60,
      }),
    );
    expect(html).toContain('The sandbox’s 60 parties are listed under “Sandbox parties”');
    expect(html).not.toContain('none can be listed');
  });

  it('asks for a token when the profile has none', () => {
    expect(render(info({ present: false }))).toContain('This profile has no ledger JWT');
  });
});
