import { useCallback, useRef, useState } from 'react';
import type { ApiError } from './api';

/**
 * A write a person submits (a form), without the query cache, so that the forms of the pages a
 * visitor arrives on run on their own (src/islands.tsx) as well as in the app. While one write is
 * in flight, another `run` returns that same write instead of sending a second: a double click or
 * a repeated Enter can land before React has disabled the button.
 */
export function useSubmission<I, O>(send: (input: I) => Promise<O>, onSuccess?: (answer: O) => void) {
  const [state, setState] = useState<{ pending: boolean; error: ApiError | null }>({ pending: false, error: null });
  const running = useRef<Promise<O> | null>(null);
  const run = useCallback(
    (input: I) => {
      running.current ??= (async () => {
        setState({ pending: true, error: null });
        try {
          const answer = await send(input);
          onSuccess?.(answer);
          setState({ pending: false, error: null });
          return answer;
        } catch (error) {
          setState({ pending: false, error: error as ApiError });
          throw error;
        } finally {
          running.current = null;
        }
      })();
      return running.current;
    },
    [send, onSuccess],
  );
  return { run, ...state };
}
