import { i18next } from '../../i18n';
import { useState, type FormEvent } from 'react';
import { http, unwrap } from '../../api/instance';
import { pagesOf, useAction } from '../../data/queries';
import { Empty, ErrorNotice, ShowMore, Success } from '../../ui/feedback';
import { formatDateTime, formatMoney, formatNumber, showtimeName } from '../../ui/format';
import { linesOf, TicketInputs } from '../../ui/TicketInputs';
import { Guarded } from '../../ui/access';
import { Table } from '../../ui/Table';
import { useMyDelegatedOrders, type DelegatedCatalog } from './queries';
import { write } from '../../offline/write';

type CatalogShowtime = DelegatedCatalog['showtimes'][number];

/**
 * A partner member's own request (POST …/orders/self) from the catalog: a showtime (sold-out ones shown, not
 * choosable), a quantity per ticket type. The order starts pending; the partner's ticket manager approves it.
 */
export function SelfOrder({
  eventId,
  ticketTypes,
  showtimes,
}: {
  eventId: string;
  ticketTypes: DelegatedCatalog['ticketTypes'];
  showtimes: CatalogShowtime[];
}) {
  const open = showtimes.filter((s) => !s.soldOut);
  const [showtimeId, setShowtimeId] = useState(open[0]?.showtimeId ?? '');
  const [values, setValues] = useState<Record<string, string>>({});
  const order = useAction((_: void, organizationId) =>
    write('post', '/api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/orders/self', {
      params: { path: { partnerOrganizationId: organizationId, eventId } },
      body: { showtimeId, tickets: linesOf(values) },
      label: i18next.t('offline.label.ticketRequest'),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    order.mutate(undefined, { onSuccess: () => setValues({}) });
  };
  if (open.length === 0) return <p className="notice">Every showtime of this event is sold out.</p>;
  return (
    <section aria-labelledby="self-order-title">
      <h3 id="self-order-title">Request tickets to sell</h3>
      <form className="stack" onSubmit={submit}>
        <label>
          Showtime
          <select value={showtimeId} onChange={(e) => setShowtimeId(e.target.value)} required>
            {showtimes.map((s) => (
              <option key={s.showtimeId} value={s.showtimeId} disabled={s.soldOut}>
                {showtimeName(s)}
                {s.soldOut ? ' (sold out)' : ''}
              </option>
            ))}
          </select>
        </label>
        <TicketInputs types={ticketTypes} values={values} onChange={setValues} legend="How many of each" />
        <button type="submit" disabled={order.isPending || linesOf(values).length === 0}>
          Send request
        </button>
      </form>
      {order.data && (
        <Success>
          Requested {order.data.totalQuantity} tickets ({formatMoney(order.data.totalAmount)}). Your ticket manager
          approves it; its status shows under “Your requests”.
        </Success>
      )}
      <ErrorNotice error={order.error} title="The request was not sent" />
    </section>
  );
}

/** What each status means to the member who asked. */
const MY_STATUS: Record<string, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved, to be handed out',
  delivered: 'Delivered to you',
  awaitingReconciliation: 'Delivered, being settled',
  settled: 'Settled',
  cancelled: 'Cancelled',
};

/** The caller's own requests for this event (GET …/orders/mine), newest first; a pending one can be withdrawn. */
export function MyDelegatedOrders({ eventId }: { eventId: string }) {
  const orders = useMyDelegatedOrders(eventId);
  const cancel = useAction((orderId: string, organizationId) =>
    unwrap(
      http.POST('/api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/orders/{orderId}/cancel', {
        params: { path: { partnerOrganizationId: organizationId, eventId, orderId } },
        body: { reason: 'Withdrawn by the requester' },
      }),
    ),
  );
  return (
    <section aria-labelledby="my-requests-title">
      <h3 id="my-requests-title">Your requests</h3>
      <Guarded query={orders} what="Loading your requests">
        {(data) => {
          const items = pagesOf(data);
          if (items.length === 0) return <Empty>You have not requested tickets for this event yet.</Empty>;
          return (
            <>
              <Table
                caption="Your requests"
                head={['Requested', 'Showtime', 'Tickets', 'Amount', 'Status', '']}
                rows={items.map((o) => [
                  formatDateTime(o.createdAt),
                  showtimeName(o),
                  formatNumber(o.totalQuantity),
                  formatMoney(o.totalAmount),
                  MY_STATUS[o.status] ?? o.status,
                  o.status === 'pending' ? (
                    <button
                      key={o.id}
                      type="button"
                      className="danger"
                      disabled={cancel.isPending}
                      aria-label={`Withdraw the request of ${formatNumber(o.totalQuantity)} tickets`}
                      onClick={() => cancel.mutate(o.id)}
                    >
                      Withdraw
                    </button>
                  ) : (
                    ''
                  ),
                ])}
              />
              <ShowMore query={orders} />
            </>
          );
        }}
      </Guarded>
      <ErrorNotice error={cancel.error} title="The request was not withdrawn" />
    </section>
  );
}
