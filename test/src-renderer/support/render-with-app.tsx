// Renders a component the way the app does: inside a QueryClientProvider with the app's own
// query client (its keychain refresh included), over a fake window.ledger.
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createQueryClient } from '../../../src-renderer/data/query-client.ts';
import { type FakeLedger, installFakeBridge } from '../../fixtures/fake-bridge.ts';

const clients = new Set<QueryClient>();

/** The app's query client without retries: a test that makes a call fail sees the error at once. */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, retry: false },
    mutations: { ...defaults.mutations, retry: false },
  });
  clients.add(client);
  return client;
}

export interface AppRender extends RenderResult {
  /** The bridge on window.ledger: its methods are mocks (calls, overrides, failWith). */
  bridge: FakeLedger;
  queryClient: QueryClient;
  /** A user-event session (it also puts a working fake clipboard on navigator). */
  user: UserEvent;
}

/**
 * Renders `ui` with a fresh query client. `bridge` (default: the one the setup file installed)
 * becomes window.ledger before the first render.
 */
export function renderWithApp(
  ui: ReactElement,
  { bridge, queryClient = createTestQueryClient() }: { bridge?: FakeLedger; queryClient?: QueryClient } = {},
): AppRender {
  const installed = bridge ? installFakeBridge(bridge) : (window.ledger as unknown as FakeLedger);
  // Before render: userEvent.setup() installs its clipboard stub, which the component must see.
  const user = userEvent.setup();
  // A wrapper (not a parent element), so `rerender` keeps the provider too.
  const result = render(ui, {
    wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
  });
  return { ...result, bridge: installed, queryClient, user };
}

/** Called after each test by the setup file: stops the clients' timers (gc, refetch). */
export function clearQueryClients(): void {
  for (const client of clients) client.clear();
  clients.clear();
}
