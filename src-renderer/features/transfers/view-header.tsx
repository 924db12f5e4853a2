// The heading of the transfers on screen, with what can be done with them as a whole: switch
// between relative and absolute times, copy a link, compare the nodes, save a case report.
import type { TransferFilters, TransferLeg } from '../../../src-shared/contract/transfers.ts';
import { useLastNodeComparison } from '../../data/node-compare.ts';
import { useSavePreferences } from '../../data/settings.ts';
import { CopyLinkButton } from '../../ui/copy-link-button.tsx';
import { PartyId } from '../../ui/party-id.tsx';
import { CompareNodesButton } from './compare/compare-nodes-button.tsx';
import { CaseReportButton, type CaseReportButtonProps } from './report/case-report-button.tsx';
import type { TimeFormat } from './table/leg-format.ts';

export function ViewHeader({
  profileId,
  filters,
  timeFormat,
  view,
  legs,
  queryTime,
}: {
  profileId: string;
  filters: TransferFilters;
  timeFormat: TimeFormat;
  view: CaseReportButtonProps['view'];
  legs: readonly TransferLeg[];
  queryTime: number | null;
}) {
  const savePreferences = useSavePreferences();
  // The case report: the legs on screen, when they were read, and the last comparison for these filters.
  const lastComparison = useLastNodeComparison(profileId, filters);
  return (
    <div className="screen-header view-header">
      <h2>
        Transfers of <PartyId party={filters.party} />
      </h2>
      <button
        type="button"
        aria-pressed={timeFormat === 'relative'}
        onClick={() => savePreferences.mutate({ timeFormat: timeFormat === 'relative' ? 'absolute' : 'relative' })}
      >
        {timeFormat === 'relative' ? 'Show absolute times' : 'Show relative times'}
      </button>
      <CopyLinkButton
        target={{ kind: 'transfers', profile: profileId, filters, source: 'live' }}
        what="this transfers view"
        action="transfers:copy-link"
      />
      <CompareNodesButton profileId={profileId} filters={filters} />
      <CaseReportButton
        profileId={profileId}
        filters={filters}
        view={view}
        legs={legs}
        queryTime={queryTime}
        comparison={lastComparison}
      />
    </div>
  );
}
