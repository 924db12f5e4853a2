// "Copy link": records the view (main makes its ledger-explorer:// link, refusing one that would
// hold a secret) and puts the link on the clipboard. The link is also on the button (data-link), so
// a test or a user's inspector can read what was copied.
import { useState } from 'react';
import { asBridgeError } from '../../src-shared/contract/errors.ts';
import type { ViewTarget } from '../../src-shared/contract/views.ts';
import { useRecordView } from '../data/views.ts';
import type { AppActionId } from '../ui-store.ts';
import { useActionStatus } from './action-status.ts';
import { useAppAction } from './app-action.ts';
import './copy-link-button.css';

type CopyState = { kind: 'copied' } | { kind: 'failed'; why: string };

export function CopyLinkButton({
  target,
  what,
  action,
}: {
  /** The view; null while there is none to link to. */
  target: ViewTarget | null;
  /** What the link opens, for screen readers ("this view", "chain eth"). */
  what: string;
  /** The app action (palette, menu) that presses this button. */
  action?: AppActionId;
}) {
  const record = useRecordView();
  const [link, setLink] = useState<string | null>(null);
  // "Link copied" / "Link not copied" describe the view linked: they go when it changes (ui/action-status.ts).
  const about = JSON.stringify(target);
  const { status, show } = useActionStatus<CopyState>(about, 2000);
  const state = status?.value ?? null;

  const copy = () => {
    if (!target) return;
    const at = about;
    const setState = (next: CopyState) => show(next, next.kind === 'failed', at);
    record.mutate(target, {
      onSuccess: ({ link: made }) => {
        setLink(made);
        navigator.clipboard.writeText(made).then(
          () => setState({ kind: 'copied' }),
          () => setState({ kind: 'failed', why: 'the clipboard refused it; the link is in the Recent views' }),
        );
      },
      onError: (error) => setState({ kind: 'failed', why: asBridgeError(error).message }),
    });
  };

  // The outcome floats under the button (copy-link-button.css): the toolbar around it does not move.
  return (
    <span className="copy-link">
      {action && <ActionBinding id={action} run={copy} />}
      <button
        type="button"
        className="copy-link-button"
        aria-label={`Copy link to ${what}`}
        title={`Copy a ledger-explorer:// link to ${what}`}
        data-link={link ?? undefined}
        disabled={!target || record.isPending}
        onClick={(event) => {
          event.stopPropagation();
          copy();
        }}
      >
        Copy link
      </button>
      {/* Beside the button, not in it: the button's name keeps containing its visible text. */}
      {state?.kind === 'copied' && (
        <span className="copy-link-said muted" role="status">
          Link copied
        </span>
      )}
      {state?.kind === 'failed' && (
        <span className="copy-link-said field-error" role="status">
          Link not copied: {state.why}
        </span>
      )}
    </span>
  );
}

function ActionBinding({ id, run }: { id: AppActionId; run: () => void }) {
  useAppAction(id, run);
  return null;
}
