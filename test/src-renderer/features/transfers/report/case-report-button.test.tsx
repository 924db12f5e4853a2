// Save case report: sends main exactly the view on screen (filters, page, the legs shown up to the
// cap and how many were shown, when they were read, the last comparison), says where the file went,
// answers the palette/menu action, and offers PDF only where the desktop app can print it.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CaseReportButton } from '../../../../../src-renderer/features/transfers/report/case-report-button.tsx';
import { useUiStore } from '../../../../../src-renderer/ui-store.ts';
import { CaseReportRequest } from '../../../../../src-shared/contract/case-report.ts';
import type { NodeComparison } from '../../../../../src-shared/contract/node-compare.ts';
import type { TransferFilters } from '../../../../../src-shared/contract/transfers.ts';
import { createFakeBridge, FAKE_APP_INFO, failWith } from '../../../../fixtures/fake-bridge.ts';
import { ALICE, transferLeg } from '../../../../fixtures/transfer-legs.ts';
import { renderWithApp } from '../../../support/render-with-app.tsx';

const FILTERS: TransferFilters = {
  party: ALICE,
  asset: { kind: 'all' },
  effectiveAfter: null,
  effectiveBefore: null,
  orderDesc: true,
  pageSize: 25,
  nodeId: 'validator-2',
};
const READ_AT = Date.parse('2026-11-24T09:30:00Z');
const COMPARISON: NodeComparison = {
  profileId: 'acme',
  filters: FILTERS,
  ranAt: '2026-11-24T09:31:00Z',
  nodes: [],
  differences: [],
  differenceCount: 0,
  legCap: 20_000,
};

const props = (over: Partial<Parameters<typeof CaseReportButton>[0]> = {}) => ({
  profileId: 'acme',
  filters: FILTERS,
  view: { mode: 'page' as const, page: 2 },
  legs: [transferLeg({ amount: '12.500000000000000001' }), transferLeg({ amount: '3' })],
  queryTime: READ_AT,
  comparison: COMPARISON,
  ...over,
});

describe('CaseReportButton', () => {
  it('sends the view on screen and says where the report was saved', async () => {
    const { bridge, user } = renderWithApp(<CaseReportButton {...props()} />);
    await user.click(screen.getByRole('button', { name: 'Save case report' }));
    expect(bridge.report.save).toHaveBeenCalledExactlyOnceWith({
      profileId: 'acme',
      filters: FILTERS,
      view: { mode: 'page', page: 2 },
      legs: props().legs,
      legsShown: 2,
      queryTime: '2026-11-24T09:30:00.000Z',
      comparison: COMPARISON,
      format: 'html',
    });
    expect((await screen.findByRole('status')).textContent).toBe(
      'Report saved to /tmp/case-report.html (2 legs, 1 KB)',
    );
  });

  it('sends at most 10,000 legs and says how many were shown', async () => {
    const legs = Array.from({ length: 10_005 }, (_, i) => transferLeg({ updateId: `u-${i}` }));
    const { bridge, user } = renderWithApp(<CaseReportButton {...props({ legs, comparison: null })} />);
    await user.click(screen.getByRole('button', { name: 'Save case report' }));
    const sent = bridge.report.save.mock.calls[0][0];
    expect(sent.legs).toHaveLength(10_000);
    expect(sent.legsShown).toBe(10_005);
    expect(sent.comparison).toBeNull();
  });

  it('shortens over-long values with an ellipsis, so the schema does not refuse the whole report', async () => {
    const legs = [transferLeg({ status: `failed: ${'x'.repeat(300)}` }), transferLeg({ amount: '3' })];
    const comparison: NodeComparison = {
      ...COMPARISON,
      nodes: [
        {
          nodeId: 'validator-1',
          state: 'error',
          detail: `HTTP 502: ${'<html>'.repeat(500)}`,
          legs: null,
          truncated: false,
          newestEffectiveAt: null,
          elapsedMs: 12,
        },
      ],
    };
    const { bridge, user } = renderWithApp(<CaseReportButton {...props({ legs, comparison })} />);
    await user.click(screen.getByRole('button', { name: 'Save case report' }));
    const sent = bridge.report.save.mock.calls[0][0];
    expect(CaseReportRequest.safeParse(sent).success).toBe(true);
    expect(sent.legs[0].status).toHaveLength(256);
    expect(sent.legs[0].status).toMatch(/^failed: x+…$/);
    expect(sent.legs[1]).toEqual(legs[1]);
    expect(sent.comparison?.nodes[0].detail).toHaveLength(2000);
    expect(sent.comparison?.nodes[0].detail).toMatch(/^HTTP 502: (<html>)+.*…$/);
  });

  it('is disabled until results are on screen, and says when the save dialog was cancelled', async () => {
    const bridge = createFakeBridge({ report: { save: async () => null } });
    const { rerender, queryClient, user } = renderWithApp(<CaseReportButton {...props({ queryTime: null })} />, {
      bridge,
    });
    expect((screen.getByRole('button', { name: 'Save case report' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(
      <QueryClientProvider client={queryClient}>
        <CaseReportButton {...props()} />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Save case report' }));
    expect((await screen.findByRole('status')).textContent).toBe('Report not saved: no file was chosen.');
  });

  it("shows main's refusal (a secret on screen) as an error", async () => {
    const bridge = createFakeBridge();
    failWith(
      bridge.report.save,
      'invalid_argument',
      'The report would hold the API key of "Prod" (in a value shown on screen), so it was not saved.',
    );
    const { user } = renderWithApp(<CaseReportButton {...props()} />, { bridge });
    await user.click(screen.getByRole('button', { name: 'Save case report' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/The case report was not saved.*API key of "Prod"/);
  });

  it('saves when the palette or menu asks for a case report', async () => {
    const { bridge } = renderWithApp(<CaseReportButton {...props()} />);
    act(() => useUiStore.getState().requestAction('transfers:case-report'));
    await waitFor(() => expect(bridge.report.save).toHaveBeenCalledTimes(1));
  });

  it('offers PDF only in the desktop app (the browser version offers no format it cannot write), and sends the format chosen there', async () => {
    const web = renderWithApp(<CaseReportButton {...props()} />);
    await waitFor(() => expect(web.bridge.app.info).toHaveBeenCalled());
    await screen.findByRole('button', { name: 'Save case report' });
    expect(screen.queryByRole('combobox', { name: 'Report format' })).toBeNull();
    expect(screen.queryByText(/PDF/)).toBeNull();
    web.unmount();
    const bridge = createFakeBridge({ app: { info: async () => ({ ...FAKE_APP_INFO, transport: 'electron' }) } });
    const { user } = renderWithApp(<CaseReportButton {...props()} />, { bridge });
    await waitFor(() =>
      expect((screen.getByRole('option', { name: 'PDF' }) as HTMLOptionElement).disabled).toBe(false),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Report format' }), 'pdf');
    await user.click(screen.getByRole('button', { name: 'Save case report' }));
    expect(bridge.report.save.mock.calls[0][0].format).toBe('pdf');
  });
});
