import { useInfiniteQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../api/instance';
import { PAGE_SIZE, pagesOf } from '../../data/queries';
import { formatDateTime } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { Table } from '../../ui/Table';

/** The impersonation audit, newest first (one paged call). */
export default function ImpersonationAuditPage() {
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
      <h1>Impersonation audit</h1>
      <Guarded query={audit} what="Loading the audit">
        {(data) => (
          <>
            <Table
              caption="Impersonations"
              head={['When', 'Action', 'Admin', 'Person', 'Organization', 'Seconds', 'Note']}
              rows={pagesOf(data).map((a) => [
                formatDateTime(a.timestamp),
                a.action,
                a.adminUserId,
                a.targetUserId,
                a.organizationId,
                a.duration === undefined ? '' : String(a.duration),
                a.note ?? '',
              ])}
            />
            {audit.hasNextPage && (
              <button type="button" className="secondary" onClick={() => void audit.fetchNextPage()}>
                Older entries
              </button>
            )}
          </>
        )}
      </Guarded>
    </>
  );
}
