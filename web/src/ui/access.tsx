import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { i18next } from '../i18n';
import { ErrorNotice, Loading } from './feedback';

export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/** "Not allowed" in plain words: a 403 is an answer about the person, never an error page. */
export function NotAllowed({ what }: { what?: string }) {
  const { t } = useTranslation();
  return (
    <div className="notice" role="status">
      <strong>{t('access.notAllowedTitle')}.</strong> {t('access.notAllowed', { what: what ?? t('access.thisPage') })}
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
    return isForbidden(query.error) ? (
      <NotAllowed />
    ) : (
      <ErrorNotice error={query.error} title={i18next.t('feedback.couldNotLoad')} />
    );
  return <>{children(query.data)}</>;
}
