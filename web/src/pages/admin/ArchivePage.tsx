import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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
const BLOCKER: Record<string, string> = {
  invoicePrerequisite: 'settled but not invoiced',
  invalidInvoiceBasis: 'its invoice basis is not valid',
};

/**
 * Archiving: the bulk preview and bulk archive of an event (a 207 shown with its counts), and settled or cancelled
 * orders one by one, with the admin override of invoice blockers and its evidence
 * (docs/decisions/archive.md); a cancelled order can be deleted there. Calls: events, preview, orders (settled,cancelled; archived too), writes on demand.
 */
export default function ArchivePage() {
  const events = useEvents();
  const { chosen, live, choose } = useChosenEvent(events.data?.items);
  return (
    <>
      <h1>Archive orders</h1>
      <Guarded query={events} what="Loading events">
        {() =>
          !chosen ? (
            <Empty>No events yet.</Empty>
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
      <h2 id="bulk-title">Archive in bulk</h2>
      <Guarded query={preview} what="Counting orders">
        {(p) => (
          <p>
            {formatNumber(p.eligibleCount)} orders can be archived ({p.statusBreakdown.settled} settled,{' '}
            {p.statusBreakdown.cancelled} cancelled). Blocked: {p.blockedSettledUninvoiced} settled but not invoiced,{' '}
            {p.blockedInvalidInvoiceBasis} with an invalid invoice basis.
          </p>
        )}
      </Guarded>
      <button
        type="button"
        disabled={archive.isPending || !preview.data?.eligibleCount}
        onClick={() => archive.mutate(undefined, { onSuccess: setResult })}
      >
        Archive up to 100 eligible orders
      </button>
      {result && (
        <PartialResult
          title="Bulk archive"
          completed={result.completed}
          counts={[
            ['archived', result.processed],
            ['changed meanwhile', result.conflicts],
            ['skipped', result.skipped],
            ['still to do', result.remaining ?? 0],
            ['blocked: not invoiced', result.blockedSettledUninvoiced ?? 0],
            ['blocked: invalid basis', result.blockedInvalidInvoiceBasis ?? 0],
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
      <h2 id="single-title">One by one</h2>
      <OutcomeNotice outcome={outcome} />
      <Guarded query={orders} what="Loading orders">
        {(data) => (
          <Table
            caption="Settled and cancelled orders"
            head={['Member', 'Status', 'Tickets', 'Archived', 'Action']}
            rows={pagesOf(data).map((o) => [
              o.requestedByName,
              statusLabel(o.status),
              formatNumber(o.totalQuantity),
              o.archived ? `Yes${overrideText(o)}` : 'No',
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
  return evidence ? ` (override by ${evidence.overriddenByName ?? '?'}, ${formatDateTime(evidence.overriddenAt)})` : '';
}

function ArchiveOne({ order }: { order: Order }) {
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
        aria-label={`${order.archived ? 'Unarchive' : 'Archive'} ${order.requestedByName}'s order`}
        onClick={() => act.mutate({ archived: !order.archived })}
      >
        {order.archived ? 'Unarchive' : 'Archive'}
      </button>
      <ErrorNotice error={act.error} title="Not archived" />
      {blockers && blockers.length > 0 && (
        <div className="notice">
          Blocked because {blockers.map((b) => BLOCKER[b] ?? b).join(' and ')}. As an admin you may archive it anyway;
          the override is recorded with your name and these blockers.
          <button
            type="button"
            className="danger"
            onClick={() => act.mutate({ archived: true, override: { confirmed: true } })}
          >
            Archive anyway
          </button>
        </div>
      )}
    </div>
  );
}
