// One polite live region per area (paging, Load all, export, sync): what a screen reader says
// about work that runs in the background. Not chatty: a progress text is passed through at most
// once every `everyMs` (the latest one wins), while a final text (`final`: done, failed, stopped)
// is said at once. The region itself is hidden from sight: the visible status stays as it was.
import { useEffect, useRef, useState } from 'react';

/** How often a running task's progress is read out at most: often enough to follow, rarely enough to be heard. */
export const PROGRESS_EVERY_MS = 5000;

export function LiveStatus({
  text,
  final = false,
  everyMs = PROGRESS_EVERY_MS,
  label,
}: {
  /** What to say now; '' says nothing (e.g. while a page is loading). */
  text: string;
  /** The task ended: said at once, never held back by the throttle. */
  final?: boolean;
  everyMs?: number;
  /** Names the region, so each area's can be told apart (and found by tests). */
  label: string;
}) {
  // Starts empty: a live region reads out changes, so the first text must arrive after it exists.
  const [said, setSaid] = useState('');
  const lastAt = useRef(0);
  useEffect(() => {
    if (text === said) return;
    const wait = final || text === '' ? 0 : lastAt.current + everyMs - Date.now();
    const say = () => {
      lastAt.current = Date.now();
      setSaid(text);
    };
    if (wait <= 0) {
      say();
      return;
    }
    const timer = setTimeout(say, wait);
    return () => clearTimeout(timer);
  }, [text, final, said, everyMs]);
  return (
    <p className="visually-hidden" role="status" aria-label={label} data-live-status={label}>
      {said}
    </p>
  );
}
