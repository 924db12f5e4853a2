// An action's status line ("Copied as curl", "Link copied", "Not saved: …") describes one thing: the request
// (or view) the action was done on. It is shown only while that thing is still the one on screen: when the
// request changes, or the user moves to another request or mode, the line goes (the old words would now be
// about something else). A success note also fades after `fadeMs` (Infinity: a note that says how to use what
// was copied stays while it is true); an error stays until the input changes.
// `about` is any text that changes exactly when the thing changes (e.g. the request as JSON).
import { useEffect, useRef, useState } from 'react';

/** How long a success note stays when nothing changes: long enough to read a sentence. */
export const NOTE_FADE_MS = 8000;

export interface ActionStatus<T> {
  value: T;
  error: boolean;
}

export function useActionStatus<T = string>(
  about: string,
  fadeMs = NOTE_FADE_MS,
): {
  /** The line to show now, or null. */
  status: ActionStatus<T> | null;
  /** Shows a line about `at` (default: what is on screen now; pass the `about` an action started on). */
  show: (value: T, error?: boolean, at?: string) => void;
  clear: () => void;
} {
  const [held, setHeld] = useState<(ActionStatus<T> & { about: string }) | null>(null);
  const current = useRef(about);
  current.current = about;
  useEffect(() => {
    if (!held || held.error || !Number.isFinite(fadeMs)) return;
    const timer = setTimeout(() => setHeld((now) => (now === held ? null : now)), fadeMs);
    return () => clearTimeout(timer);
  }, [held, fadeMs]);
  const show = (value: T, error = false, at = current.current) => setHeld({ value, error, about: at });
  const clear = () => setHeld(null);
  return { status: held && held.about === about ? { value: held.value, error: held.error } : null, show, clear };
}
