import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A super-admin write: its lists are not scoped to the chosen organization, so every cached read is refreshed
 * afterwards (useAction in app/queries.ts refreshes the chosen organization's only).
 */
export function useSuperAction<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries() });
}
