// The parties of a scope's chosen set: one box per party offered (and per party already in the
// set), the last one ticked kept, as a set of no party reads nothing.
import type { SqlScope } from '../../../../src-shared/contract/party-scope.ts';
import { PartyName } from '../../../ui/party-id.tsx';

export function PartySetChoice({
  label,
  chosen,
  parties,
  onChange,
}: {
  label: string;
  chosen: string[];
  parties: string[];
  onChange: (scope: SqlScope) => void;
}) {
  return (
    <fieldset className="scope-party-list" aria-label={label}>
      <legend>Parties in the set</legend>
      {[...new Set([...chosen, ...parties])].map((p) => (
        <label key={p}>
          <input
            type="checkbox"
            checked={chosen.includes(p)}
            // The last one stays: a set of no party reads nothing.
            disabled={chosen.length === 1 && chosen[0] === p}
            onChange={(e) =>
              onChange({
                kind: 'parties',
                parties: e.target.checked ? [...chosen, p] : chosen.filter((x) => x !== p),
              })
            }
          />{' '}
          <PartyName party={p} />
        </label>
      ))}
    </fieldset>
  );
}
