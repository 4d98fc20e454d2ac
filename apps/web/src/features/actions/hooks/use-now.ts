import { useEffect, useState } from 'react';

/** The time now, renewed every `stepMs` (a minute by default): a list of what runs now follows the clock. */
export function useNow(stepMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), stepMs);
    return () => clearInterval(timer);
  }, [stepMs]);
  return now;
}
