import { useQueryClient } from '@tanstack/react-query';
import { useCurrentMutation } from '../../data/current-mutation';

/**
 * A super-admin write: its lists are not scoped to the chosen organization, so every cached read is refreshed
 * afterwards (useAction in data/queries.ts refreshes the chosen organization's only). `run` reads the form's state:
 * the render's latest is used (a name typed and submitted at once is sent whole).
 */
export function useSuperAction<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useCurrentMutation(run, { onSettled: () => queryClient.invalidateQueries() });
}
