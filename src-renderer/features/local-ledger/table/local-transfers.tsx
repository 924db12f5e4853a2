// The Transfers tab on the local source: filters, a full-text search box, the count of matching
// legs, the export menu, and the table over every stored leg of the party (or of the views' scope:
// then a Party column says whose each leg is, and under a portfolio which are internal).
import { useEffect, useState } from 'react';
import type { LocalLegFilters, LocalSortColumn } from '../../../../src-shared/contract/local-ledger.ts';
import { type LegsView, useFacets } from '../../../data/local-ledger.ts';
import { useSettings } from '../../../data/settings.ts';
import { ErrorMessage } from '../../../ui/error-message.tsx';
import { LocalExportMenu } from '../export/local-export-menu.tsx';
import { emptyFilterDraft, type LegsFilterDraft, toFilters } from '../filters/legs-filter-draft.ts';
import { LocalFilters } from '../filters/local-filters.tsx';
import type { ScopedViewProps } from '../scope/scope-state.ts';
import { LocalLegsTable } from './local-legs-table.tsx';

/** How long typing pauses before the search runs: one query per word, not per key. */
const SEARCH_PAUSE_MS = 250;
const DEFAULT_SORT: LegsView['sort'] = { column: 'effectiveAt', desc: true };

/** Every leg of the party, or of the views' scope (with whose each is, a portfolio's internal ones marked). */
export function LocalTransfers({ profileId, party, scope }: ScopedViewProps) {
  const facets = useFacets(profileId, party, scope);
  const zone = useSettings().data?.settings.preferences.timeZone ?? 'local';
  const [draft, setDraft] = useState<LegsFilterDraft>(emptyFilterDraft);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState(DEFAULT_SORT);
  // The filters last valid: while a field is wrong, the table keeps showing these.
  const [filters, setFilters] = useState<LocalLegFilters>(
    () => toFilters(emptyFilterDraft(), '', zone).filters as LocalLegFilters,
  );

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchText), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const result = toFilters(draft, search, zone);
  const resultKey = JSON.stringify(result.filters);
  // Adopted in this render (React renders again at once, before committing): through an effect, a
  // filter change committed the whole screen with the old filters first, and its query started a
  // render later.
  if (resultKey !== 'null' && resultKey !== JSON.stringify(filters)) {
    setFilters(JSON.parse(resultKey) as LocalLegFilters);
  }

  const onSort = (column: LocalSortColumn) =>
    setSort((current) => (current.column === column ? { column, desc: !current.desc } : { column, desc: false }));
  const view: LegsView = { filters, sort, ...(scope ? { scope } : {}) };

  return (
    <div className="local-transfers">
      <LocalFilters facets={facets.data} draft={draft} onChange={setDraft} issues={result.issues ?? {}} zone={zone} />
      {facets.error && (
        <ErrorMessage error={facets.error} title="The instruments and statuses to filter by could not be read." />
      )}
      <label className="local-search">
        <span>Search</span>
        <input
          type="search"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          placeholder="party, update id, instrument, status…"
          maxLength={200}
        />
      </label>
      <LocalLegsTable
        profileId={profileId}
        party={party}
        view={view}
        onSort={onSort}
        zone={zone}
        toolbar={
          <LocalExportMenu
            profileId={profileId}
            source={{ kind: 'legs', party, ...(scope ? { scope } : {}), filters, sort }}
          />
        }
      />
    </div>
  );
}
