import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { i18next } from '../i18n';
import { plainMessage } from './errors';

/**
 * An API error: the plain words in the person's language in front; the code, HTTP status and reference (for
 * support) behind a "Details" disclosure.
 */
export function ErrorNotice({ error, title }: { error: unknown; title?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  // A write kept on this device for later is not a failure: it is listed as waiting to send (offline/).
  if (error instanceof Error && error.name === 'QueuedError')
    return (
      <p role="status" className="notice waiting">
        <strong>{t('offline.state.waiting')}.</strong> {error.message}
      </p>
    );
  const api = error instanceof ApiError ? error : undefined;
  return (
    <div role="alert" className="notice error">
      <strong>{title ?? t('feedback.didNotWork')}.</strong> {plainMessage(error)}
      {api && (
        <details className="meta">
          <summary>{t('feedback.details')}</summary>
          <span>
            {t('feedback.code', { code: api.code })}
            {api.status ? ` (HTTP ${api.status})` : ''}
            {api.correlationId ? ` · ${t('feedback.reference', { reference: api.correlationId })}` : ''}
          </span>
        </details>
      )}
    </div>
  );
}

export function Loading({ what }: { what?: string }) {
  const { t } = useTranslation();
  return (
    <p role="status" className="loading">
      {what ?? t('feedback.loading')}…
    </p>
  );
}

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
  if (query.isError) return <ErrorNotice error={query.error} title={i18next.t('feedback.couldNotLoad')} />;
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
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className="secondary"
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage ? t('feedback.loadingMore') : t('feedback.showMore')}
    </button>
  );
}
