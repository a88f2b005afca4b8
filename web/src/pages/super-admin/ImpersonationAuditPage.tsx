import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, unwrap } from '../../api/instance';
import { PAGE_SIZE, pagesOf } from '../../data/queries';
import { formatDateTime, formatNumber } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { Table } from '../../ui/Table';

/** The impersonation audit, newest first (one paged call). */
export default function ImpersonationAuditPage() {
  const { t } = useTranslation();
  const audit = useInfiniteQuery({
    queryKey: ['super', 'impersonation-audit'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        http.GET('/api/impersonation/audit', { params: { query: { limit: PAGE_SIZE, continuationToken: pageParam } } }),
      ),
    getNextPageParam: (last) => last.continuationToken,
  });
  return (
    <>
      <h1>{t('superAdmin.audit.title')}</h1>
      <Guarded query={audit} what={t('superAdmin.audit.loading')}>
        {(data) => (
          <>
            <Table
              caption={t('superAdmin.audit.caption')}
              head={[
                t('superAdmin.audit.when'),
                t('superAdmin.audit.action'),
                t('superAdmin.audit.admin'),
                t('superAdmin.audit.person'),
                t('superAdmin.audit.organization'),
                t('superAdmin.audit.seconds'),
                t('superAdmin.audit.note'),
              ]}
              rows={pagesOf(data).map((a) => [
                formatDateTime(a.timestamp),
                t(`superAdmin.audit.actions.${a.action}`, { defaultValue: a.action }),
                a.adminUserId,
                a.targetUserId,
                a.organizationId,
                a.duration === undefined ? '' : formatNumber(a.duration),
                a.note ?? '',
              ])}
            />
            {audit.hasNextPage && (
              <button type="button" className="secondary" onClick={() => void audit.fetchNextPage()}>
                {t('superAdmin.audit.older')}
              </button>
            )}
          </>
        )}
      </Guarded>
    </>
  );
}
