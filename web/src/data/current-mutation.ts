import { useLayoutEffect, useRef } from 'react';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';

/**
 * The mutation hook of the web client (eslint.config.mjs allows importing `useMutation` here only; the offline outbox
 * sends its queued writes itself): `run` may read the page's state
 * (a typed name, a reason, a quantity), and it is run with the state of the render the person submitted from.
 * TanStack Query hands new options to its observer in a passive effect, which a renderer may run after the next
 * event: a form typed and submitted at once sent the previous render's state (Preact did: "Sold out at the doo", a
 * login code one digit short, a new organization's name empty). The latest `run` is kept as the render commits.
 * `options` as TanStack Query takes them (from the render the hook last ran in; only `run` is kept current): a
 * promise `onSettled` returns is awaited before the caller's callbacks.
 */
export function useCurrentMutation<TInput = void, TResult = unknown>(
  run: (input: TInput) => Promise<TResult>,
  options: Omit<UseMutationOptions<TResult, Error, TInput>, 'mutationFn'> = {},
) {
  const latest = useRef(run);
  useLayoutEffect(() => {
    latest.current = run;
  });
  return useMutation({ ...options, mutationFn: (input: TInput) => latest.current(input) });
}
