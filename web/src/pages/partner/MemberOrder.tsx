import { i18next } from '../../i18n';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { http, unwrap } from '../../api/instance';
import { pagesOf, useAction } from '../../data/queries';
import { Empty, ErrorNotice, ShowMore, Success } from '../../ui/feedback';
import { formatDateTime, formatMoney, formatNumber, showtimeName, tickets } from '../../ui/format';
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
  const { t } = useTranslation();
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
  if (open.length === 0) return <p className="notice">{t('partner.order.allSoldOut')}</p>;
  return (
    <section aria-labelledby="self-order-title">
      <h3 id="self-order-title">{t('partner.order.title')}</h3>
      <form className="stack" onSubmit={submit}>
        <label>
          {t('partner.column.showtime')}
          <select value={showtimeId} onChange={(e) => setShowtimeId(e.target.value)} required>
            {showtimes.map((s) => (
              <option key={s.showtimeId} value={s.showtimeId} disabled={s.soldOut}>
                {showtimeName(s)}
                {s.soldOut ? ` (${t('partner.order.soldOut')})` : ''}
              </option>
            ))}
          </select>
        </label>
        <TicketInputs types={ticketTypes} values={values} onChange={setValues} legend={t('partner.order.howMany')} />
        <button type="submit" disabled={order.isPending || linesOf(values).length === 0}>
          {t('partner.order.submit')}
        </button>
      </form>
      {order.data && (
        <Success>
          {t('partner.order.sent', {
            tickets: tickets(order.data.totalQuantity),
            amount: formatMoney(order.data.totalAmount),
          })}
        </Success>
      )}
      <ErrorNotice error={order.error} title={t('partner.order.notSent')} />
    </section>
  );
}

/** What each status means to the member who asked (partner.myStatus.<status>; an unknown one as the API names it). */
const myStatus = (status: string) => i18next.t(`partner.myStatus.${status}`, { defaultValue: status });

/** The caller's own requests for this event (GET …/orders/mine), newest first; a pending one can be withdrawn. */
export function MyDelegatedOrders({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const orders = useMyDelegatedOrders(eventId);
  const cancel = useAction((orderId: string, organizationId) =>
    unwrap(
      http.POST('/api/organizations/{partnerOrganizationId}/delegated-events/{eventId}/orders/{orderId}/cancel', {
        params: { path: { partnerOrganizationId: organizationId, eventId, orderId } },
        // The reason is kept on the order and read by the partner's ticket managers: in the requester's language.
        body: { reason: t('partner.mine.withdrawnReason') },
      }),
    ),
  );
  return (
    <section aria-labelledby="my-requests-title">
      <h3 id="my-requests-title">{t('partner.mine.title')}</h3>
      <Guarded query={orders} what={t('partner.mine.loading')}>
        {(data) => {
          const items = pagesOf(data);
          if (items.length === 0) return <Empty>{t('partner.mine.none')}</Empty>;
          return (
            <>
              <Table
                caption={t('partner.mine.title')}
                head={[
                  t('partner.mine.requested'),
                  t('partner.column.showtime'),
                  t('partner.column.tickets'),
                  t('partner.column.amount'),
                  t('partner.column.status'),
                  '',
                ]}
                rows={items.map((o) => [
                  formatDateTime(o.createdAt),
                  showtimeName(o),
                  formatNumber(o.totalQuantity),
                  formatMoney(o.totalAmount),
                  myStatus(o.status),
                  o.status === 'pending' ? (
                    <button
                      key={o.id}
                      type="button"
                      className="danger"
                      disabled={cancel.isPending}
                      aria-label={t('partner.mine.withdrawOne', { tickets: tickets(o.totalQuantity) })}
                      onClick={() => cancel.mutate(o.id)}
                    >
                      {t('partner.mine.withdraw')}
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
      <ErrorNotice error={cancel.error} title={t('partner.mine.notWithdrawn')} />
    </section>
  );
}
