import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { plainMessage } from './errors';

/** An API error in plain words, with its code and correlation id for support. */
export function ErrorNotice({ error, title = 'That did not work' }: { error: unknown; title?: string }) {
  if (!error) return null;
  // A write kept on this device for later is not a failure: it is listed as waiting to send (offline/).
  if (error instanceof Error && error.name === 'QueuedError')
    return (
      <p role="status" className="notice waiting">
        <strong>Waiting to send.</strong> {error.message}
      </p>
    );
  const api = error instanceof ApiError ? error : undefined;
  return (
    <div role="alert" className="notice error">
      <strong>{title}.</strong> {plainMessage(error)}
      {api && (
        <small className="meta">
          {' '}
          Code {api.code}
          {api.status ? ` (HTTP ${api.status})` : ''}
          {api.correlationId ? ` · reference ${api.correlationId}` : ''}
        </small>
      )}
    </div>
  );
}

export const Loading = ({ what = 'Loading' }: { what?: string }) => (
  <p role="status" className="loading">
    {what}…
  </p>
);

export const Empty = ({ children }: { children: ReactNode }) => <p className="empty">{children}</p>;

/** Loading, error or the content: a page never renders blank. */
export function QueryView<T>({
  query,
  children,
  what,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  what?: string;
}) {
  if (query.isPending) return <Loading what={what} />;
  if (query.isError) return <ErrorNotice error={query.error} title="Could not load this" />;
  return <>{children(query.data)}</>;
}

export function Success({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="notice success">
      {children}
    </p>
  );
}

/** The next page of a paged list (the API's continuationToken), or nothing when there is none. */
export function ShowMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className="secondary"
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage ? 'Loading more…' : 'Show more'}
    </button>
  );
}
