import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { ErrorNotice, Loading } from './feedback';

export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/** "Not allowed" in plain words: a 403 is an answer about the person, never an error page. */
export function NotAllowed({ what = 'this page' }: { what?: string }) {
  return (
    <div className="notice" role="status">
      <strong>Not allowed.</strong> Your role in this organization does not give access to {what}. Ask an admin if you
      need it.
    </div>
  );
}

/** QueryView that shows a 403 as "not allowed". */
export function Guarded<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading what={what} />;
  if (query.isError)
    return isForbidden(query.error) ? <NotAllowed /> : <ErrorNotice error={query.error} title="Could not load this" />;
  return <>{children(query.data)}</>;
}
