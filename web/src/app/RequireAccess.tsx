import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { useAccess, type Access } from '../data/access';
import { useMe } from '../data/session-hooks';
import { NotAllowed } from '../ui/access';
import { Loading } from '../ui/feedback';

/** Renders the page only for callers who pass `allowed`; everyone else reads "not allowed" (not a blank page). */
export function RequireAccess({ allowed, children }: { allowed: (access: Access) => boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const access = useAccess();
  const me = useMe();
  if (me.isPending) return <Loading what={t('access.checking')} />;
  return allowed(access) ? (
    <>{children}</>
  ) : (
    <>
      <h1>{t('access.notAllowedTitle')}</h1>
      <NotAllowed />
    </>
  );
}
