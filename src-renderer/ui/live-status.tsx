// One polite live region per area (paging, Load all, export, sync): what a screen reader says
// about work that runs in the background. Not chatty: a progress text is passed through at most
// once every `everyMs` (the latest one wins), while a final text (`final`: done, failed, stopped)
// is said at once. The region itself is hidden from sight: the visible status stays as it was.
// A text equal to the last one is said again when it comes from a new event (`seq`): a new search
// ending in the same "Page 1 loaded: 50 legs" is news too. Setting the same text changes nothing a
// screen reader can hear, so each saying is a new text node (keyed), which it reads as an addition.
import { useEffect, useRef, useState } from 'react';

/** How often a running task's progress is read out at most: often enough to follow, rarely enough to be heard. */
export const PROGRESS_EVERY_MS = 5000;

export function LiveStatus({
  text,
  final = false,
  everyMs = PROGRESS_EVERY_MS,
  label,
  seq,
}: {
  /** What to say now; '' says nothing (e.g. while a page is loading). */
  text: string;
  /** The task ended: said at once, never held back by the throttle. */
  final?: boolean;
  everyMs?: number;
  /** Names the region, so each area's can be told apart (and found by tests). */
  label: string;
  /** Which event the text is about (a search, a job): a new one says an unchanged text again. */
  seq?: number | string;
}) {
  // Starts empty: a live region reads out changes, so the first text must arrive after it exists.
  const [said, setSaid] = useState({ text: '', seq, n: 0 });
  const lastAt = useRef(0);
  useEffect(() => {
    if (text === said.text && (seq === said.seq || text === '')) return;
    const wait = final || text === '' ? 0 : lastAt.current + everyMs - Date.now();
    const say = () => {
      lastAt.current = Date.now();
      setSaid((previous) => ({ text, seq, n: previous.n + 1 }));
    };
    if (wait <= 0) {
      say();
      return;
    }
    const timer = setTimeout(say, wait);
    return () => clearTimeout(timer);
  }, [text, seq, final, said, everyMs]);
  return (
    <p className="visually-hidden" role="status" aria-label={label} data-live-status={label}>
      <span key={said.n}>{said.text}</span>
    </p>
  );
}
