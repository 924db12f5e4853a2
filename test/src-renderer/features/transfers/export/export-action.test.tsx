// The palette's and the menu's "Export transfers": the Export CSV button's job for the filters on
// screen (main then asks where to save); not a second one while an export runs.
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ExportPanel } from '../../../../../src-renderer/features/transfers/export/export-panel.tsx';
import { useUiStore } from '../../../../../src-renderer/ui-store.ts';
import type { TransferFilters } from '../../../../../src-shared/contract/transfers.ts';
import { ALICE } from '../../../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../../../support/render-with-app.tsx';

const FILTERS: TransferFilters = {
  party: ALICE,
  asset: { kind: 'all' },
  effectiveAfter: null,
  effectiveBefore: null,
  orderDesc: true,
  pageSize: 25,
  nodeId: null,
};

beforeEach(() => {
  useUiStore.setState({ section: 'transfers', action: null });
});

describe('transfers:export action', () => {
  it('starts a CSV export of the filters on screen, once while it runs', async () => {
    const { bridge } = renderWithApp(<ExportPanel profileId="sandbox" filters={FILTERS} />);
    act(() => useUiStore.getState().requestAction('transfers:export'));

    expect(await screen.findByTestId('export-card')).toBeTruthy();
    expect(bridge.export.start).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ profileId: 'sandbox', filters: FILTERS, format: 'csv' }),
    );
    act(() => useUiStore.getState().requestAction('transfers:export'));
    expect(bridge.export.start).toHaveBeenCalledTimes(1);
  });
});
