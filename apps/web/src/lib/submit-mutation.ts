import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { ApiError } from './api';

/**
 * useMutation for what a person submits (a form, a button): while one write is in flight, another
 * call returns that same write instead of sending a second. The button shows `isPending` as
 * loading, but a double click or a repeated Enter can land before React has re-rendered it.
 */
export function useSubmitMutation<TData, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, ApiError, TVariables, TContext>,
): UseMutationResult<TData, ApiError, TVariables, TContext> {
  const mutation = useMutation(options);
  const running = useRef<Promise<TData> | null>(null);
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
      // The outcome is in the mutation's state (and its callbacks); nothing else awaits it.
      mutateAsync(...args).catch(() => undefined);
    },
    [mutateAsync],
  ) as typeof mutation.mutate;
  return { ...mutation, mutate, mutateAsync };
}
