import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; a network blip or a 503 may.
      retry: (count, error) => count < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      refetchOnWindowFocus: false,
      staleTime: 10_000,
      // Ask even when the browser says it is offline: the service worker answers from the last data load.
      networkMode: 'offlineFirst',
    },
    // A write always runs: offline, the outbox keeps it (queued) or says it was not sent (docs/decisions/web-client-offline.md).
    mutations: { networkMode: 'always' },
  },
});
