// "Save case report": one file a support agent attaches to the case, with what is on screen (the
// legs shown, their summary, the filters, the node, when they were read) and the last node
// comparison for these filters. Main adds the profile's name and the parties' labels and checks
// that no secret is in it. PDF only in the desktop app: the browser version offers HTML alone.
import { useState } from 'react';
import { REPORT_LEG_CAP } from '../../../../src-shared/contract/case-report.ts';
import type { NodeComparison } from '../../../../src-shared/contract/node-compare.ts';
import type { TransferFilters, TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { useAppInfo } from '../../../data/app.ts';
import { useSaveCaseReport } from '../../../data/report.ts';
import { useAppAction } from '../../../ui/app-action.ts';
import { DownloadOffer } from '../../../ui/download-offer.tsx';
import { ErrorMessage } from '../../../ui/error-message.tsx';
import './case-report.css';
import { fitComparison, fitLeg } from './fit-case-report.ts';

export interface CaseReportButtonProps {
  profileId: string;
  filters: TransferFilters;
  view: { mode: 'page' | 'all'; page: number };
  legs: readonly TransferLeg[];
  /** When the results on screen were read (ms since the epoch); null while none are. */
  queryTime: number | null;
  comparison: NodeComparison | null;
}

export function CaseReportButton({ profileId, filters, view, legs, queryTime, comparison }: CaseReportButtonProps) {
  const save = useSaveCaseReport();
  const desktop = useAppInfo().data?.transport === 'electron';
  const [format, setFormat] = useState<'html' | 'pdf'>('html');
  const ready = queryTime !== null && !save.isPending;
  const run = () => {
    if (queryTime === null || save.isPending) return;
    save.mutate({
      profileId,
      filters,
      view,
      legs: legs.slice(0, REPORT_LEG_CAP).map(fitLeg),
      legsShown: legs.length,
      queryTime: new Date(queryTime).toISOString(),
      comparison: fitComparison(comparison),
      format: desktop ? format : 'html',
    });
  };
  useAppAction('transfers:case-report', run);
  const saved = save.data;
  return (
    <div className="case-report" data-testid="case-report">
      {/* The browser version has one format: no choice it could not honour is offered. */}
      {desktop && (
        <select
          aria-label="Report format"
          value={format}
          onChange={(event) => setFormat(event.target.value === 'pdf' ? 'pdf' : 'html')}
        >
          <option value="html">HTML</option>
          <option value="pdf">PDF</option>
        </select>
      )}
      <button type="button" disabled={!ready} onClick={run} title={caseReportHint(legs.length, comparison)}>
        {save.isPending ? 'Saving case report…' : 'Save case report'}
      </button>
      <p role="status" className="case-report-status muted" data-testid="case-report-status">
        {saved
          ? `Report saved to ${saved.path} (${saved.legs.toLocaleString('en')} legs, ${kilobytes(saved.bytes)})`
          : save.isSuccess
            ? 'Report not saved: no file was chosen.'
            : ''}
      </p>
      {saved && <DownloadOffer key={saved.path} path={saved.path} />}
      {save.error && <ErrorMessage error={save.error} title="The case report was not saved." />}
    </div>
  );
}

/** What the report will hold, in the button's tooltip. */
export function caseReportHint(shown: number, comparison: NodeComparison | null): string {
  const legs =
    shown > REPORT_LEG_CAP
      ? `the first ${REPORT_LEG_CAP.toLocaleString('en')} of the ${shown.toLocaleString('en')} legs shown`
      : `the ${shown.toLocaleString('en')} legs shown`;
  return `One file for the case: filters, node, query time, summary, chart, ${legs}${comparison ? ', and the node comparison' : ''}.`;
}

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en')} KB`;
