import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, unwrap } from '../../api/instance';
import { PAGE_SIZE, pagesOf } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { formatDateTime } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { useAccess } from '../../data/access';
import { Table } from '../../ui/Table';
import type { SharedEvent } from './queries';

/** The append-only audit log, newest first (one paged call; admins of a participant and super admins). */
export function AuditSection({ event }: { event: SharedEvent }) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const access = useAccess();
  const audit = useInfiniteQuery({
    queryKey: [organizationId, 'shared-audit', event.id],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        http.GET('/api/shared-events/{sharedEventId}/audit', {
          params: {
            path: { sharedEventId: event.id },
            query: { organizationId, limit: PAGE_SIZE, continuationToken: pageParam },
          },
        }),
      ),
    getNextPageParam: (last) => last.continuationToken,
    enabled: access.at('admin') || access.isSuperAdmin,
  });
  if (!(access.at('admin') || access.isSuperAdmin)) return null;
  const orgName = (id?: string) =>
    id ? (event.participants?.find((p) => p.organizationId === id)?.organizationName ?? id) : '';
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">{t('sharedEvents.audit.title')}</h2>
      <Guarded query={audit} what={t('sharedEvents.audit.loading')}>
        {(data) => (
          <>
            <Table
              caption={t('sharedEvents.audit.caption')}
              head={[
                t('sharedEvents.audit.when'),
                t('sharedEvents.audit.action'),
                t('sharedEvents.audit.by'),
                t('sharedEvents.audit.concerning'),
              ]}
              rows={pagesOf(data).map((a) => [
                formatDateTime(a.timestamp),
                t(`sharedEvents.auditAction.${a.action}`, { defaultValue: a.action }),
                orgName(a.actorOrganizationId),
                orgName(a.targetOrganizationId),
              ])}
            />
            {audit.hasNextPage && (
              <button type="button" className="secondary" onClick={() => void audit.fetchNextPage()}>
                {t('sharedEvents.audit.older')}
              </button>
            )}
          </>
        )}
      </Guarded>
    </section>
  );
}
