import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18next } from '../../i18n';
import { ApiError } from '../../api/client';
import { http, unwrap } from '../../api/instance';
import type { Order, ResponseData } from '../../api/types';
import { PAGE_SIZE, pagesOf, useAction } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { Empty, ErrorNotice } from '../../ui/feedback';
import { formatDateTime, formatNumber, statusLabel } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { EventSelect } from '../../ui/EventSelect';
import { useChosenEvent, useEvents } from '../../data/events';
import { PartialResult } from '../../ui/PartialResult';
import { Table } from '../../ui/Table';
import { DeleteOrderDialog, OutcomeNotice, type Outcome } from '../shared/OrderManagerTools';

type BulkResult = ResponseData<'/api/orders/archive', 'post'>;
/** A blocker the API names, in the person's language; an unknown one as the API names it. */
const blockerText = (blocker: string) => i18next.t(`admin.archive.blocker.${blocker}`, { defaultValue: blocker });

/**
 * Archiving: the bulk preview and bulk archive of an event (a 207 shown with its counts), and settled or cancelled
 * orders one by one, with the admin override of invoice blockers and its evidence
 * (docs/decisions/archive.md); a cancelled order can be deleted there. Calls: events, preview, orders (settled,cancelled; archived too), writes on demand.
 */
export default function ArchivePage() {
  const events = useEvents();
  const { chosen, live, choose } = useChosenEvent(events.data?.items);
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('admin.archive.title')}</h1>
      <Guarded query={events} what={t('admin.events.loading')}>
        {() =>
          !chosen ? (
            <Empty>{t('admin.events.none')}</Empty>
          ) : (
            <>
              <EventSelect events={live} value={chosen.id} onChange={choose} />
              <Bulk eventId={chosen.id} />
              <Single eventId={chosen.id} />
            </>
          )
        }
      </Guarded>
    </>
  );
}

function Bulk({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const params = { params: { query: { organizationId } }, body: { eventId } };
  const preview = useQuery({
    queryKey: [organizationId, 'archive-preview', eventId],
    queryFn: () => unwrap(http.POST('/api/orders/archive/preview', params)),
  });
  const [result, setResult] = useState<BulkResult>();
  const archive = useAction((_: void, org) =>
    unwrap(http.POST('/api/orders/archive', { params: { query: { organizationId: org } }, body: { eventId } })),
  );
  return (
    <section aria-labelledby="bulk-title">
      <h2 id="bulk-title">{t('admin.archive.bulk')}</h2>
      <Guarded query={preview} what={t('admin.archive.counting')}>
        {(p) => (
          <p>
            {t('admin.archive.preview', {
              count: p.eligibleCount,
              formatted: formatNumber(p.eligibleCount),
              settled: formatNumber(p.statusBreakdown.settled),
              cancelled: formatNumber(p.statusBreakdown.cancelled),
              uninvoiced: formatNumber(p.blockedSettledUninvoiced),
              invalid: formatNumber(p.blockedInvalidInvoiceBasis),
            })}
          </p>
        )}
      </Guarded>
      <button
        type="button"
        disabled={archive.isPending || !preview.data?.eligibleCount}
        onClick={() => archive.mutate(undefined, { onSuccess: setResult })}
      >
        {t('admin.archive.bulkButton', { count: 100 })}
      </button>
      {result && (
        <PartialResult
          title={t('admin.archive.bulkTitle')}
          completed={result.completed}
          counts={[
            [t('admin.archive.count.archived'), result.processed],
            [t('admin.archive.count.conflicts'), result.conflicts],
            [t('admin.archive.count.skipped'), result.skipped],
            [t('admin.archive.count.remaining'), result.remaining ?? 0],
            [t('admin.archive.count.uninvoiced'), result.blockedSettledUninvoiced ?? 0],
            [t('admin.archive.count.invalid'), result.blockedInvalidInvoiceBasis ?? 0],
          ]}
          records={
            result.failureCode
              ? [{ id: result.eventId, outcome: result.failureCode, reason: result.failureReason }]
              : []
          }
        />
      )}
      <ErrorNotice error={archive.error} />
    </section>
  );
}

function Single({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const orders = useInfiniteQuery({
    queryKey: [organizationId, 'orders', 'archive', eventId],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        http.GET('/api/orders', {
          params: {
            query: {
              organizationId,
              eventId,
              status: 'settled,cancelled',
              archived: 'all',
              limit: PAGE_SIZE,
              continuationToken: pageParam,
            },
          },
        }),
      ),
    getNextPageParam: (last) => last.continuationToken,
  });
  const [outcome, setOutcome] = useState<Outcome>();
  return (
    <section aria-labelledby="single-title">
      <h2 id="single-title">{t('admin.archive.single')}</h2>
      <OutcomeNotice outcome={outcome} />
      <Guarded query={orders} what={t('admin.archive.loadingOrders')}>
        {(data) => (
          <Table
            caption={t('admin.archive.caption')}
            head={[
              t('admin.allocations.member'),
              t('admin.archive.status'),
              t('admin.archive.tickets'),
              t('admin.archive.archived'),
              t('admin.archive.action'),
            ]}
            rows={pagesOf(data).map((o) => [
              o.requestedByName,
              statusLabel(o.status),
              formatNumber(o.totalQuantity),
              o.archived ? `${t('admin.archive.yes')}${overrideText(o)}` : t('admin.archive.no'),
              <div className="row" key={o.id}>
                <ArchiveOne order={o} />
                <DeleteOrderDialog order={o} onOutcome={setOutcome} />
              </div>,
            ])}
          />
        )}
      </Guarded>
    </section>
  );
}

/** The override evidence, when the order carries it (the schema leaves its fields open). */
function overrideText(order: Order) {
  const evidence = order.archiveOverride as { overriddenByName?: string; overriddenAt?: string } | undefined;
  return evidence
    ? ` ${i18next.t('admin.archive.overrideBy', { name: evidence.overriddenByName ?? '?', when: formatDateTime(evidence.overriddenAt) })}`
    : '';
}

function ArchiveOne({ order }: { order: Order }) {
  const { t } = useTranslation();
  const act = useAction((body: { archived: boolean; override?: { confirmed: true } }, organizationId) =>
    unwrap(
      http.PATCH('/api/orders/{id}/archive', { params: { path: { id: order.id }, query: { organizationId } }, body }),
    ),
  );
  const blockers =
    act.error instanceof ApiError && act.error.status === 409
      ? (act.error.data?.blockers as string[] | undefined)
      : undefined;
  return (
    <div className="stack">
      <button
        type="button"
        className="secondary"
        disabled={act.isPending}
        aria-label={t(order.archived ? 'admin.archive.unarchiveNamed' : 'admin.archive.archiveNamed', {
          name: order.requestedByName,
        })}
        onClick={() => act.mutate({ archived: !order.archived })}
      >
        {order.archived ? t('admin.archive.unarchive') : t('admin.archive.archive')}
      </button>
      <ErrorNotice error={act.error} title={t('admin.archive.notArchived')} />
      {blockers && blockers.length > 0 && (
        <div className="notice">
          {t('admin.archive.blocked', { reasons: blockers.map(blockerText).join(t('admin.archive.and')) })}
          <button
            type="button"
            className="danger"
            onClick={() => act.mutate({ archived: true, override: { confirmed: true } })}
          >
            {t('admin.archive.anyway')}
          </button>
        </div>
      )}
    </div>
  );
}
