// 503 with the start-up body (spec 2.6): the phase, how long, the replay and index progress, and
// when the screen will ask again.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  ServiceStartingCard,
} from '../../../../../src-renderer/features/transfers/cards/service-starting-card.tsx';
import { bridgeError } from '../../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../../support/render-with-app.tsx';

const STARTUP = {
  status: 'starting',
  phase: 'replaying',
  phaseNumber: 3,
  totalPhases: 5,
  elapsedSeconds: 3725,
  error: null,
  schemaVersion: '41',
  targetSchemaVersion: '42',
  pendingMigrations: 2,
  replay: {
    nodes: [
      { nodeId: 'node-a', currentOffset: 1500, targetOffset: 20000, status: 'replaying' },
      { nodeId: null, currentOffset: 0, targetOffset: 0, status: null },
    ],
  },
  lifecycleIndexes: [
    { nodeId: 'node-a', definitionFingerprint: 'f00d', ready: false, cursor: 250, remainingSourceRows: 1750 },
    { nodeId: 'node-b', definitionFingerprint: null, ready: true, cursor: 0, remainingSourceRows: 0 },
  ],
};

const starting = (startup: unknown, retryAfterSeconds?: number) =>
  bridgeError('service_starting', 'the service is starting', { startup, retryAfterSeconds });

describe('ServiceStartingCard', () => {
  it('shows the phase, elapsed time, schema, and each node’s replay and index progress', () => {
    renderWithApp(<ServiceStartingCard error={starting(STARTUP, 7)} retrying />);

    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Service starting — phase 3 of 5: replaying');
    const phases = screen.getByRole('progressbar', { name: 'Start-up phases done' });
    expect([phases.getAttribute('value'), phases.getAttribute('max')]).toEqual(['2', '5']);
    expect(screen.getByText('1 h 02 min')).toBeTruthy();
    expect(screen.getByText('41 → 42')).toBeTruthy();
    expect(screen.getByText('node-a — replaying (1,500 of 20,000)')).toBeTruthy();
    expect(screen.getByText('(unnamed node) — … (0 of 0)')).toBeTruthy();
    expect(screen.getByText('node-a f00d — 1,750 rows to go')).toBeTruthy();
    expect(screen.getByText(/node-b\s+— ready/)).toBeTruthy();
    expect(screen.getByText(/Trying again in 7 s, as the service asked/)).toBeTruthy();
  });

  it('shows the start-up error and says to try again when the screen has stopped retrying', () => {
    renderWithApp(
      <ServiceStartingCard
        error={starting({ ...STARTUP, error: 'migration 42 failed', schemaVersion: null, replay: { nodes: null } })}
        retrying={false}
      />,
    );

    expect(screen.getByText('migration 42 failed')).toBeTruthy();
    expect(screen.queryByText('Replay')).toBeNull();
    expect(screen.getByText('The service is still starting; try again shortly.')).toBeTruthy();
  });

  it('waits 2 s when the service gave no Retry-After', () => {
    renderWithApp(<ServiceStartingCard error={starting({ ...STARTUP, lifecycleIndexes: null })} retrying />);

    expect(screen.getByText(/Trying again in 2 s/)).toBeTruthy();
    expect(screen.queryByText('Lifecycle indexes')).toBeNull();
  });

  it('shows nothing without a start-up body', () => {
    const { container } = renderWithApp(
      <ServiceStartingCard error={bridgeError('service_starting', 'starting')} retrying />,
    );

    expect(container.textContent).toBe('');
  });
});

describe('formatDuration', () => {
  it('reads as seconds, minutes or hours', () => {
    expect([formatDuration(-1), formatDuration(59.9), formatDuration(75), formatDuration(7260)]).toEqual([
      '0 s',
      '59 s',
      '1 min 15 s',
      '2 h 01 min',
    ]);
  });
});
