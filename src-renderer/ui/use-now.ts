import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs`: relative times and expiry warnings stay true without a reload. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
