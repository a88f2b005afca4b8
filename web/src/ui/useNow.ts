import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs` (for countdowns such as a sale's edit window). */
export function useNow(everyMs = 15_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
