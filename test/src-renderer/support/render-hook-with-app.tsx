// Runs a data/ hook the way a component would: inside a QueryClientProvider with the app's own
// query client (retries off, like renderWithApp), over the fake window.ledger.
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderHookResult, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type FakeLedger, installFakeBridge } from '../../fixtures/fake-bridge.ts';
import { createTestQueryClient } from './render-with-app.tsx';

export interface HookRender<R, P> extends RenderHookResult<R, P> {
  bridge: FakeLedger;
  queryClient: QueryClient;
}

export function renderHookWithApp<R, P = undefined>(
  hook: (props: P) => R,
  {
    bridge,
    queryClient = createTestQueryClient(),
    initialProps,
  }: { bridge?: FakeLedger; queryClient?: QueryClient; initialProps?: NoInfer<P> } = {},
): HookRender<R, P> {
  const installed = bridge ? installFakeBridge(bridge) : (window.ledger as unknown as FakeLedger);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const result = renderHook(hook, { wrapper, initialProps });
  return { ...result, bridge: installed, queryClient };
}
