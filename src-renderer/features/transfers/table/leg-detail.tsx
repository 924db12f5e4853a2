// One leg in full: every field as the service sent it, the raw JSON, and copy buttons for the
// values people paste elsewhere (the update id, the parties).
import { TRANSFER_LEG_FIELDS, type TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { CopyButton } from '../../../ui/copy-button.tsx';
import { formatLegAmount, NULL_TEXT } from './leg-format.ts';

const COPYABLE = new Set(['updateId', 'senderParty', 'receiverParty', 'counterparty', 'instrumentAdmin']);

export function LegDetail({ leg, onClose }: { leg: TransferLeg; onClose: () => void }) {
  return (
    <aside className="panel leg-detail" aria-label="Transfer leg details">
      <div className="screen-header">
        <h3>Transfer leg</h3>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      <dl className="facts">
        {TRANSFER_LEG_FIELDS.map((field) => {
          const value = leg[field];
          return (
            <div key={field} className="fact">
              <dt>{field}</dt>
              <dd>
                <span className="mono">{value === null ? NULL_TEXT : String(value)}</span>
                {field === 'amount' && leg.amount !== null && (
                  <span className="muted"> = {formatLegAmount(leg.amount, leg.decimals)}</span>
                )}
                {COPYABLE.has(field) && typeof value === 'string' && <CopyButton text={value} label={field} />}
              </dd>
            </div>
          );
        })}
      </dl>
      <details>
        <summary>Raw JSON</summary>
        <pre className="mono raw-json">{JSON.stringify(leg, null, 2)}</pre>
      </details>
    </aside>
  );
}
