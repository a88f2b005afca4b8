import { i18next } from '../../i18n';
import { useState, type FormEvent } from 'react';
import { http, unwrap } from '../../api/instance';
import { pagesOf, useAction } from '../../data/queries';
import { Empty, ErrorNotice } from '../../ui/feedback';
import { formatMoney, formatNumber, showtimeName, statusLabel } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { Table } from '../../ui/Table';
import { useDelegatedOrders, useDelegatedQueue, type DelegatedOrder } from './queries';
import { write } from '../../offline/write';

type Step = 'approve' | 'deliver' | 'approve-and-deliver' | 'cancel';

/** The partner ticket manager's work: pending (approve, approve-and-deliver, cancel), approved (deliver), then
 * delivered orders with sold and returned reports. Calls: two queue pages and the order list. */
export function PartnerQueue({ eventId }: { eventId: string }) {
  const pending = useDelegatedQueue(eventId, 'pending');
  const approved = useDelegatedQueue(eventId, 'approved');
  const orders = useDelegatedOrders(eventId);
  return (
    <section aria-labelledby="partner-queue-title">
      <h3 id="partner-queue-title">Queue</h3>
      <Guarded query={pending} what="Loading requests">
        {(data) => (
          <QueueTable
            caption="Waiting for approval"
            orders={pagesOf(data)}
            eventId={eventId}
            steps={['approve', 'approve-and-deliver', 'cancel']}
          />
        )}
      </Guarded>
      <Guarded query={approved} what="Loading approved orders">
        {(data) => (
          <QueueTable caption="Approved, to hand out" orders={pagesOf(data)} eventId={eventId} steps={['deliver']} />
        )}
      </Guarded>
      <Guarded query={orders} what="Loading orders">
        {(data) => {
          const delivered = data.items.filter((o) => ['delivered', 'awaitingReconciliation'].includes(o.status));
          return delivered.length === 0 ? (
            <Empty>No delivered order to report on.</Empty>
          ) : (
            <Table
              caption="Delivered: report sold and returned"
              head={['Seller', 'Showtime', 'Tickets', 'Sold', 'Returned', 'Report']}
              rows={delivered.map((o) => [
                o.buyerUserName ?? '',
                showtimeName(o),
                formatNumber(o.totalQuantity),
                formatNumber(o.soldQuantity),
                formatNumber(o.returnedQuantity),
                <Report key={o.id} eventId={eventId} order={o} />,
              ])}
            />
          );
        }}
      </Guarded>
    </section>
  );
}

const STEP_LABEL: Record<Step, string> = {
  approve: 'Approve',
  deliver: 'Mark delivered',
  'approve-and-deliver': 'Approve and deliver',
  cancel: 'Cancel',
};

function QueueTable({
  caption,
  orders,
  eventId,
  steps,
}: {
  caption: string;
  orders: DelegatedOrder[];
  eventId: string;
  steps: Step[];
}) {
  if (orders.length === 0) return <Empty>{caption}: nothing.</Empty>;
  return (
    <Table
      caption={caption}
      head={['Seller', 'Showtime', 'Tickets', 'Amount', 'Status', 'Action']}
      rows={orders.map((o) => [
        o.buyerUserName ?? '',
        showtimeName(o),
        o.tickets.map((t) => `${t.quantity} × ${t.ticketTypeName}`).join(', '),
        formatMoney(o.totalAmount),
        statusLabel(o.status),
        <Steps key={o.id} eventId={eventId} order={o} steps={steps} />,
      ])}
    />
  );
}

function Steps({ eventId, order, steps }: { eventId: string; order: DelegatedOrder; steps: Step[] }) {
  const run = useAction((step: Step, organizationId) => {
    const params = { params: { path: { partnerOrganizationId: organizationId, eventId, orderId: order.id } } };
    if (step === 'approve')
      return unwrap(
        http.POST(
          '/api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/orders/{orderId}/approve',
          params,
        ),
      );
    if (step === 'deliver')
      return unwrap(
        http.POST(
          '/api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/orders/{orderId}/deliver',
          params,
        ),
      );
    if (step === 'cancel')
      return unwrap(
        http.POST('/api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/orders/{orderId}/cancel', {
          ...params,
          body: {},
        }),
      );
    return unwrap(
      http.POST(
        '/api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/orders/{orderId}/approve-and-deliver',
        params,
      ),
    );
  });
  return (
    <div className="row">
      {steps.map((s) => (
        <button
          key={s}
          type="button"
          className={s === 'cancel' ? 'danger' : s === 'approve' ? 'secondary' : ''}
          aria-label={`${STEP_LABEL[s]}: ${order.buyerUserName ?? ''} ${order.totalQuantity} tickets`}
          disabled={run.isPending}
          onClick={() => run.mutate(s)}
        >
          {STEP_LABEL[s]}
        </button>
      ))}
      <ErrorNotice error={run.error} />
    </div>
  );
}

function Report({ eventId, order }: { eventId: string; order: DelegatedOrder }) {
  const [sold, setSold] = useState(String(order.soldQuantity ?? 0));
  const [returned, setReturned] = useState('');
  const report = useAction((kind: 'sold' | 'returned', organizationId) => {
    const params = { params: { path: { partnerOrganizationId: organizationId, eventId, orderId: order.id } } };
    return kind === 'sold'
      ? write(
          'post',
          '/api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/orders/{orderId}/report-sold',
          {
            ...params,
            body: { soldQuantity: Number(sold) },
            label: i18next.t('offline.label.reportSold', { quantity: sold }),
          },
        )
      : write(
          'post',
          '/api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/orders/{orderId}/report-returned',
          {
            ...params,
            body: { returnQuantity: Number(returned) },
            label: i18next.t('offline.label.returnOf', { quantity: returned }),
          },
        );
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    report.mutate('sold');
  };
  return (
    <form className="row" onSubmit={submit} aria-label={`Report on ${order.buyerUserName ?? 'order'}`}>
      <label>
        Sold in total
        <input
          type="number"
          className="narrow"
          min={0}
          max={order.totalQuantity}
          value={sold}
          onChange={(e) => setSold(e.target.value)}
        />
      </label>
      <button type="submit" disabled={report.isPending}>
        Report sold
      </button>
      <label>
        Returned now
        <input
          type="number"
          className="narrow"
          min={1}
          value={returned}
          onChange={(e) => setReturned(e.target.value)}
        />
      </label>
      <button
        type="button"
        className="secondary"
        disabled={report.isPending || !(Number(returned) > 0)}
        onClick={() => report.mutate('returned')}
      >
        Report returned
      </button>
      <ErrorNotice error={report.error} />
    </form>
  );
}
