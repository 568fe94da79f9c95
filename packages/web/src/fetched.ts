/** What a page reads from the server with `GET`, kept fresh (a tournament, the tournaments, a leaderboard). */
import { useCallback, useEffect, useState } from 'react';
import { http } from './net.js';

export interface Fetched<Data> {
  /** The last answer for this path (null before it comes). */
  data: Data | null;
  /** Why the last request failed (null once one succeeds). */
  error: unknown;
  /** Asks again now (after the page changed something). */
  reload(): void;
}

/**
 * `GET path`, asked again when the path changes (an answer for an earlier path is dropped), when `reload` is called,
 * and `refresh.ms` after each answer while `refresh.while` holds of it (a tournament that is not over).
 */
export function useFetched<Data>(
  path: string,
  refresh?: { ms: number; while: (data: Data) => boolean },
): Fetched<Data> {
  const [data, setData] = useState<Data | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    setData(null);
    setError(null);
  }, [path]);
  useEffect(() => {
    let live = true;
    http<Data>('GET', path).then(
      (next) => {
        if (!live) return;
        setData(next);
        setError(null);
      },
      (caught: unknown) => {
        if (live) setError(caught);
      },
    );
    return () => {
      live = false;
    };
  }, [path, version]);
  const again = refresh !== undefined && data !== null && refresh.while(data);
  const ms = refresh?.ms ?? 0;
  useEffect(() => {
    if (!again) return;
    const timer = setTimeout(reload, ms);
    return () => clearTimeout(timer);
  }, [again, ms, data, reload]);
  return { data, error, reload };
}
