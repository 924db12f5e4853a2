import { useEffect, useState } from 'react';

/** A copy to the clipboard and its outcome, shown for a moment before it goes back to idle. */
export function useCopy(text: string): { state: 'idle' | 'copied' | 'failed'; copy: () => void } {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 1500);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () =>
    void navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  return { state, copy };
}

/** Copies `text` to the clipboard and says so for a moment. `label` names what is copied (for screen readers). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { state, copy } = useCopy(text);
  return (
    <button
      type="button"
      className="copy-button"
      aria-label={`Copy ${label}`}
      title={`Copy ${label}`}
      onClick={(event) => {
        // Inside a clickable row: copying must not also open the row.
        event.stopPropagation();
        copy();
      }}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
    </button>
  );
}
