import { useEffect, useState } from 'react';

/** Copies `text` to the clipboard and says so for a moment. `label` names what is copied (for screen readers). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 1500);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <button
      type="button"
      className="copy-button"
      aria-label={`Copy ${label}`}
      title={`Copy ${label}`}
      onClick={(event) => {
        // Inside a clickable row: copying must not also open the row.
        event.stopPropagation();
        navigator.clipboard.writeText(text).then(
          () => setState('copied'),
          () => setState('failed'),
        );
      }}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
    </button>
  );
}
