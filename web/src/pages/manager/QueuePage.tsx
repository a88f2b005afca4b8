import { useState, type FormEvent } from 'react';
import { http, unwrap } from '../../api/instance';
import type { Order } from '../../api/types';
import { pagesOf, useAction, useOrders } from '../../data/queries';
import { Dialog } from '../../ui/Dialog';
import { Empty, ErrorNotice, QueryView, ShowMore } from '../../ui/feedback';
import { AdminNoteDialog, DeleteOrderDialog, OutcomeNotice, type Outcome } from '../shared/OrderManagerTools';
import { OrderSummary } from '../shared/OrderSummary';
import { EventFilter, useEventFilter } from './EventFilter';

type Step = 'approve' | 'deliver';
type Done = (outcome: Outcome) => void;

/**
 * The manager's queue: pending requests oldest first (approve, cancel), approved ones to deliver, of every event or
 * the chosen one, each with its admin note, and a pending one can be deleted. Three calls: the two lists and the
 * events to choose from.
 */
export default function QueuePage() {
  const filter = useEventFilter();
  const pending = useOrders(['pending'], filter.eventId);
  const approved = useOrders(['approved'], filter.eventId);
  // A deleted (or meanwhile changed) order leaves its list: the outcome is told here, not in its card.
  const [outcome, setOutcome] = useState<Outcome>();
  return (
    <>
      <h1>Order queue</h1>
      <EventFilter filter={filter} />
      <OutcomeNotice outcome={outcome} />
      <section aria-labelledby="pending-title">
        <h2 id="pending-title">Waiting for approval (oldest first)</h2>
        <QueryView query={pending} what="Loading requests">
          {(data) => (
            <>
              <Orders orders={pagesOf(data)} step="approve" empty="No requests are waiting." onDone={setOutcome} />
              <ShowMore query={pending} />
            </>
          )}
        </QueryView>
      </section>
      <section aria-labelledby="approved-title">
        <h2 id="approved-title">Approved, to hand out</h2>
        <QueryView query={approved} what="Loading approved orders">
          {(data) => (
            <>
              <Orders
                orders={pagesOf(data)}
                step="deliver"
                empty="Nothing is waiting to be handed out."
                onDone={setOutcome}
              />
              <ShowMore query={approved} />
            </>
          )}
        </QueryView>
      </section>
    </>
  );
}

function Orders({ orders, step, empty, onDone }: { orders: Order[]; step: Step; empty: string; onDone: Done }) {
  if (orders.length === 0) return <Empty>{empty}</Empty>;
  return (
    <>
      {orders.map((order) => (
        <OrderSummary key={order.id} order={order} showOwner>
          <QueueActions order={order} step={step} onDone={onDone} />
        </OrderSummary>
      ))}
    </>
  );
}

function QueueActions({ order, step, onDone }: { order: Order; step: Step; onDone: Done }) {
  const advance = useAction((_: void, organizationId) => {
    const params = { params: { path: { id: order.id }, query: { organizationId } } };
    return step === 'approve'
      ? unwrap(http.POST('/api/orders/{id}/approve', params))
      : unwrap(http.POST('/api/orders/{id}/deliver', params));
  });
  return (
    <>
      <div className="row">
        <button type="button" disabled={advance.isPending} onClick={() => advance.mutate()}>
          {step === 'approve' ? 'Approve' : 'Mark delivered'}
        </button>
        {step === 'approve' && <CancelOrder order={order} />}
        <AdminNoteDialog order={order} onDone={(message) => onDone({ message })} />
        <DeleteOrderDialog order={order} onOutcome={onDone} />
      </div>
      <ErrorNotice error={advance.error} />
    </>
  );
}

function CancelOrder({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useAction((_: void, organizationId) =>
    unwrap(
      http.POST('/api/orders/{id}/cancel', {
        params: { path: { id: order.id }, query: { organizationId } },
        body: { reason: reason.trim() },
      }),
    ),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    cancel.mutate(undefined, { onSuccess: () => setOpen(false) });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={`Cancel ${order.requestedByName}'s request`}
      description="The member sees the reason on their order."
      trigger={
        <button type="button" className="danger">
          Cancel…
        </button>
      }
    >
      <form onSubmit={submit} className="stack">
        <label>
          Reason
          <textarea required maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
        <button type="submit" className="danger" disabled={cancel.isPending}>
          Cancel the order
        </button>
        <ErrorNotice error={cancel.error} />
      </form>
    </Dialog>
  );
}
