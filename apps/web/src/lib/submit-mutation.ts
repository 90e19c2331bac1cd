import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { raiseApiError, type ApiError } from './api';

/** Reading any of these means the component shows the failure itself. */
const ERROR_STATE = ['error', 'isError', 'failureReason', 'status'] as const;

/**
 * useMutation for what a person submits (a form, a button): while one write is in flight, another
 * call returns that same write instead of sending a second. The button shows `isPending` as
 * loading, but a double click or a repeated Enter can land before React has re-rendered it.
 *
 * A failure nobody shows raises the global error event (raiseApiError): a write started with
 * `mutate` whose component never reads its error state and that has no `onError`. `mutateAsync`
 * hands the failure to its caller instead.
 */
export function useSubmitMutation<TData, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, ApiError, TVariables, TContext>,
): UseMutationResult<TData, ApiError, TVariables, TContext> {
  const mutation = useMutation(options);
  const running = useRef<Promise<TData> | null>(null);
  const seen = useRef(false);
  const handled = Boolean(options.onError);
  const { mutateAsync: send } = mutation;

  const mutateAsync = useCallback(
    (...args: Parameters<typeof send>) => {
      running.current ??= send(...args).finally(() => {
        running.current = null;
      });
      return running.current;
    },
    [send],
  ) as typeof send;
  const mutate = useCallback(
    (...args: Parameters<typeof send>) => {
      // A second submit joins the write in flight; only the one that started it may report it.
      const first = running.current === null;
      const unseen = () => first && !seen.current && !handled && !args[1]?.onError;
      mutateAsync(...args).catch((error: unknown) => {
        if (unseen()) raiseApiError(error);
      });
    },
    [mutateAsync, handled],
  ) as typeof mutation.mutate;

  // eslint-disable-next-line react-hooks/refs -- the getters mark the ref as the component reads its error state, the way TanStack tracks the props a component uses
  return watchErrorState({ ...mutation, mutate, mutateAsync }, seen);
}

/** Marks `seen` when the component reads the result's error state. */
function watchErrorState<T extends Record<(typeof ERROR_STATE)[number], unknown>>(result: T, seen: { current: boolean }): T {
  const watched = { ...result };
  for (const key of ERROR_STATE) {
    Object.defineProperty(watched, key, {
      enumerable: true,
      get: () => {
        seen.current = true;
        return result[key];
      },
    });
  }
  return watched;
}
