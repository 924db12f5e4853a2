// One leg in full: every field as the service sent it, the raw JSON, and copy buttons for the
// values people paste elsewhere (the update id, the parties, the raw JSON). Escape closes it.
import { type RefObject, useEffect, useRef } from 'react';
import { TRANSFER_LEG_FIELDS, type TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { CopyButton, useCopy } from '../../../ui/copy-button.tsx';
import { SavedPartyLabel } from '../../../ui/party-id.tsx';
import { formatLegAmount, NULL_TEXT } from './leg-format.ts';

const COPYABLE = new Set(['updateId', 'senderParty', 'receiverParty', 'counterparty', 'instrumentAdmin']);
const PARTIES = new Set(['senderParty', 'receiverParty', 'counterparty', 'instrumentAdmin']);

/** Where Escape belongs to someone else: a field being edited, an open menu, list or dialog. */
const OWNS_ESCAPE =
  'input, textarea, select, [contenteditable="true"], dialog, [role="dialog"], [role="menu"], [role="listbox"]';

/**
 * Escape closes the panel, unless the key was meant for something outside it. When the panel
 * closes while it holds the focus (Escape or Close pressed inside it), the focus goes back to
 * where it was before, usually the row that opened it, instead of falling to the page.
 */
function useCloseOnEscape(panel: RefObject<HTMLElement | null>, onClose: () => void) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const inside = (node: EventTarget | Element | null) => node instanceof Node && !!panel.current?.contains(node);
    let opener = inside(document.activeElement) ? null : (document.activeElement as HTMLElement | null);
    const onFocusIn = (event: FocusEvent) => {
      if (!inside(event.target) && event.target instanceof HTMLElement) opener = event.target;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target && !inside(target) && target.closest(OWNS_ESCAPE)) return;
      event.preventDefault();
      close.current();
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    const element = panel.current;
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
      const active = document.activeElement;
      const focusLost = !active || active === document.body || (element?.contains(active) ?? false);
      if (focusLost && opener?.isConnected) opener.focus();
    };
  }, [panel]);
}

/** Copies exactly the text of the raw view, and says so for a moment. */
function CopyRawJson({ text }: { text: string }) {
  const { state, copy } = useCopy(text);
  return (
    <button type="button" onClick={copy}>
      {state === 'copied' ? 'Copied raw JSON' : state === 'failed' ? 'Copy failed' : 'Copy raw JSON'}
    </button>
  );
}

export function LegDetail({ leg, onClose }: { leg: TransferLeg; onClose: () => void }) {
  const panel = useRef<HTMLElement>(null);
  useCloseOnEscape(panel, onClose);
  const raw = JSON.stringify(leg, null, 2);
  return (
    <aside ref={panel} className="panel leg-detail" aria-label="Transfer leg details">
      <div className="screen-header">
        <h3>Transfer leg</h3>
        <div className="leg-detail-actions">
          <CopyRawJson text={raw} />
          <button type="button" onClick={onClose} title="Close (Escape)">
            Close
          </button>
        </div>
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
                {/* The exact id stays the value; the address book's label (if saved) is said beside it. */}
                {PARTIES.has(field) && typeof value === 'string' && <SavedPartyLabel party={value} />}
              </dd>
            </div>
          );
        })}
      </dl>
      <details>
        <summary>Raw JSON</summary>
        <pre className="mono raw-json">{raw}</pre>
      </details>
    </aside>
  );
}
