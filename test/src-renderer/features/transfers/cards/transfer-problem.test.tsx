// Why the transfers are not on screen: each error code from main gets the words or the card that
// tells the user what to do next, with the server's message and its trace id.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TransferProblem } from '../../../../../src-renderer/features/transfers/cards/transfer-problem.tsx';
import type { ErrorCode } from '../../../../../src-shared/contract/errors.ts';
import { bridgeError } from '../../../../fixtures/fake-bridge.ts';
import { ALICE } from '../../../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../../../support/render-with-app.tsx';

function renderProblem(error: unknown) {
  const onRetry = vi.fn();
  const onUseNode = vi.fn();
  const rendered = renderWithApp(
    <TransferProblem
      error={error}
      retrying={false}
      party={ALICE}
      nodes={{ defaultNodeId: null, known: [{ id: 'node-b', note: null }] }}
      onUseNode={onUseNode}
      onRetry={onRetry}
    />,
  );
  return { ...rendered, onRetry, onUseNode };
}

describe('TransferProblem', () => {
  it.each<[ErrorCode, string]>([
    ['unauthorized', 'The service refused the ledger JWT (401).'],
    ['not_found', 'Not found (404).'],
    ['bad_request', 'The service refused the request (400).'],
    ['service_error', 'The service failed.'],
    ['bad_response', 'The service answered something this version cannot read.'],
    ['network', 'The connection to the service failed.'],
    ['timeout', 'The service did not answer in time.'],
    ['invalid_argument', 'The transfers could not be loaded.'],
  ])('%s: says what happened, in the service’s words', (code, title) => {
    renderProblem(bridgeError(code, `server said ${code}`));

    expect(screen.getByRole('alert').textContent).toBe(`${title} [${code}] server said ${code}`);
  });

  it('403: names the party the token cannot read', () => {
    renderProblem(bridgeError('forbidden', 'party not in readAs'));

    expect(screen.getByRole('alert').textContent).toBe(
      'This token cannot read alice::1220aa…aaaa. [forbidden] party not in readAs',
    );
  });

  it('gives the trace id for the operators, and Try again asks once more', async () => {
    const { user, onRetry } = renderProblem(bridgeError('service_error', 'boom', { traceId: 'trace-42' }));

    expect(screen.getByText('trace-42').className).toBe('mono');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('429: says the service is limiting requests and when to try again; Try again stays the user’s', async () => {
    const message = 'Transfers: HTTP 429 — the service is limiting requests; try again in 2 s';
    const { user, onRetry } = renderProblem(bridgeError('rate_limited', message, { retryAfterSeconds: 2 }));

    expect(screen.getByRole('alert').textContent).toBe(
      `The service is limiting requests; try again in 2 s. [rate_limited] ${message}`,
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says nothing about a request the user abandoned', () => {
    const { container } = renderProblem(bridgeError('cancelled', 'cancelled'));

    expect(container.textContent).toBe('');
  });

  it('shows the quarantine card for a quarantined node, and the start-up card while the service starts', () => {
    const { unmount } = renderProblem(
      bridgeError('node_quarantined', 'quarantined', { quarantine: { nodeId: 'node-a', network: 'mainnet' } }),
    );
    expect(screen.getByRole('alert', { name: 'Node quarantined' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    unmount();

    renderProblem(
      bridgeError('service_starting', 'starting', {
        startup: {
          phase: 'migrations',
          phaseNumber: 1,
          totalPhases: 3,
          elapsedSeconds: 5,
          pendingMigrations: 2,
          replay: { nodes: null },
          lifecycleIndexes: null,
        },
      }),
    );
    expect(screen.getByRole('status', { name: 'Service starting' })).toBeTruthy();
  });

  it('reads a thrown Error as well as a bridge error', () => {
    renderProblem(new Error('socket hang up'));

    expect(screen.getByRole('alert').textContent).toMatch(/socket hang up$/);
  });
});
