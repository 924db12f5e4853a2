// The query open in the notebook's editor (docs/notebook.md, "The notebook screen"): its text, where
// it came from and whether it is unsaved; leaving the page with unsaved text asks first. A chart chosen
// at the result is written into its header here. What else a load clears (Run's messages, the last
// action's) is the screen's: sql-view.tsx.
import { useEffect, useRef, useState } from 'react';
import type { ChartSpec } from '../../../../src-shared/notebook/query-file.ts';
import { withChart } from './notebook-model.ts';
import { SQL_EXAMPLES } from './sql-examples.ts';

/** Where the open text came from: a scratch query (not a file), a built-in one, or a file at a version. */
export type Origin =
  | { kind: 'scratch' }
  | { kind: 'builtin'; id: string }
  | { kind: 'file'; file: string; version: string };

export function useQueryDocument() {
  // The editor owns its text: `text` mirrors it (for the form and the unsaved mark), the ref is what
  // Run reads without waiting for a render; `replace` loads another text into it.
  const [text, setText] = useState(SQL_EXAMPLES[0].sql);
  const textRef = useRef(text);
  const [replace, setReplace] = useState<{ text: string; seq: number } | null>(null);
  const [origin, setOrigin] = useState<Origin>({ kind: 'scratch' });
  const originRef = useRef(origin);
  originRef.current = origin;
  /** The text as it was opened or last saved: anything else is unsaved, whatever the query's kind (a
   *  New query typed into, an edited example or built-in, the text kept after Delete). */
  const [savedText, setSavedText] = useState(text);
  const dirty = text !== savedText;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  // Leaving the page (closing the tab or window, reloading) with unsaved text asks first; the
  // desktop app's window shows its own question (main-window.ts, will-prevent-unload).
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older browsers want it set
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  /** Counts loads: a read asked for before the latest load (a save, an open) answers too late. */
  const loads = useRef(0);
  const load = (next: string, from: Origin) => {
    loads.current++;
    textRef.current = next;
    setText(next);
    setSavedText(next);
    setOrigin(from);
    setReplace((last) => ({ text: next, seq: (last?.seq ?? 0) + 1 }));
  };
  /** Typed in the editor. */
  const edit = (sql: string) => {
    textRef.current = sql;
    setText(sql);
  };
  /** The chart chosen at the result, written into the header (unsaved, like typing); false when the
   *  header cannot be written as it is. */
  const keepChart = (spec: ChartSpec) => {
    const next = withChart(textRef.current, spec);
    if (next === null) return false;
    textRef.current = next;
    setText(next);
    setReplace((last) => ({ text: next, seq: (last?.seq ?? 0) + 1 }));
    return true;
  };

  return {
    text,
    textRef,
    replace,
    origin,
    originRef,
    setOrigin,
    dirty,
    dirtyRef,
    setSavedText,
    loads,
    load,
    edit,
    keepChart,
  };
}

export type QueryDocument = ReturnType<typeof useQueryDocument>;
