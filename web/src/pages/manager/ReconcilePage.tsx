import { useState } from 'react';
import { http, unwrap } from '../../api/instance';
import type { Order } from '../../api/types';
import { pagesOf, useAction, useOrders } from '../../data/queries';
import { Empty, ErrorNotice, QueryView, ShowMore, Success } from '../../ui/feedback';
import { AdminNoteDialog } from '../shared/OrderManagerTools';
import { OrderSummary } from '../shared/OrderSummary';
import { EventFilter, useEventFilter } from './EventFilter';

/**
 * Reconciliation: fully reported orders to settle, and settled ones with their frozen invoice basis, of every event
 * or the chosen one, each with its admin note. Three calls: the two lists and the events to choose from.
 */
export default function ReconcilePage() {
  const filter = useEventFilter();
  const waiting = useOrders(['awaitingReconciliation'], filter.eventId);
  const settled = useOrders(['settled'], filter.eventId);
  const [done, setDone] = useState<string>();
  return (
    <>
      <h1>Reconciliation</h1>
      <EventFilter filter={filter} />
      {done && <Success>{done}</Success>}
      <section aria-labelledby="waiting-title">
        <h2 id="waiting-title">Fully reported, to settle</h2>
        <QueryView query={waiting} what="Loading orders to settle">
          {(data) => {
            const items = pagesOf(data);
            if (items.length === 0) return <Empty>No order is waiting for reconciliation.</Empty>;
            return (
              <>
                {items.map((order) => (
                  <OrderSummary key={order.id} order={order} showOwner>
                    <div className="row">
                      <Settle order={order} />
                      <AdminNoteDialog order={order} onDone={setDone} />
                    </div>
                  </OrderSummary>
                ))}
                <ShowMore query={waiting} />
              </>
            );
          }}
        </QueryView>
      </section>
      <section aria-labelledby="settled-title">
        <h2 id="settled-title">Settled (invoice basis frozen)</h2>
        <QueryView query={settled} what="Loading settled orders">
          {(data) => {
            const items = pagesOf(data);
            if (items.length === 0) return <Empty>No settled orders yet.</Empty>;
            return (
              <>
                {items.map((order) => (
                  <OrderSummary key={order.id} order={order} showOwner>
                    <AdminNoteDialog order={order} onDone={setDone} />
                  </OrderSummary>
                ))}
                <ShowMore query={settled} />
              </>
            );
          }}
        </QueryView>
      </section>
    </>
  );
}

function Settle({ order }: { order: Order }) {
  const settle = useAction((_: void, organizationId) =>
    unwrap(
      http.POST('/api/orders/{id}/approve-reconciliation', {
        params: { path: { id: order.id }, query: { organizationId } },
      }),
    ),
  );
  return (
    <>
      <button type="button" disabled={settle.isPending} onClick={() => settle.mutate()}>
        Approve reconciliation
      </button>
      <ErrorNotice error={settle.error} title="Not settled" />
    </>
  );
}
