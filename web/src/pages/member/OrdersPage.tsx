import { useTranslation } from 'react-i18next';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from '../../ui/router';
import { atLeast, outstandingOf, type Order } from '../../api/types';
import { ORDER_TABS as TABS, orderTabOf, type OrderTab as Tab } from '../../data/first-screen';
import { pagesOf, useAction, useMyOrders } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { write } from '../../offline/write';
import { formatDateTime } from '../../ui/format';
import { Empty, ErrorNotice, QueryView, ShowMore, Success } from '../../ui/feedback';
import { OrderSummary, perTypeBalance } from '../shared/OrderSummary';
import { useOrderLinkTab } from './order-link';
import { TicketSheet, typeNamesOf } from '../shared/TicketSheet';

export default function OrdersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = orderTabOf(params.get('tab'));
  const focusId = params.get('orderId');
  const orders = useMyOrders(TABS[tab].statuses);
  useOrderLinkTab();
  useEffect(() => {
    if (focusId && orders.isSuccess) document.getElementById(`order-card-${focusId}`)?.scrollIntoView();
  }, [focusId, orders.isSuccess]);

  return (
    <>
      <h1>{t('orders.title')}</h1>
      <div role="group" aria-label={t('orders.statusGroup')} className="tabs">
        {(Object.keys(TABS) as Tab[]).map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={key === tab}
            className={key === tab ? 'tab current' : 'tab'}
            onClick={() => setParams({ tab: key })}
          >
            {t(TABS[key].label)}
          </button>
        ))}
      </div>
      {/* The cards' headings are h3 (as on the manager pages): the chosen tab names the list for screen readers. */}
      <h2 className="sr-only">{t(TABS[tab].label)}</h2>
      <QueryView query={orders} what={t('orders.loading')}>
        {(data) => {
          const items = pagesOf(data);
          if (items.length === 0) return <Empty>{t('orders.none')}</Empty>;
          return (
            <>
              {items.map((order) => (
                <OrderSummary key={order.id} order={order}>
                  {order.status === 'delivered' && outstandingOf(order) > 0 && <ReportForms order={order} />}
                  {order.status !== 'pending' && order.status !== 'approved' && order.status !== 'cancelled' && (
                    <TicketSheet source={{ kind: 'order', id: order.id }} typeNames={typeNamesOf(order.tickets)} mine />
                  )}
                </OrderSummary>
              ))}
              <ShowMore query={orders} />
            </>
          );
        }}
      </QueryView>
    </>
  );
}

/** Report sold and returned tickets per ticket type; the outstanding balance shows above the fields. */
function ReportForms({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { membership } = useOrganization();
  // A member returns tickets only once the showtime has passed (a ticket manager may record one any time).
  const returnsOpen =
    atLeast(membership?.role, 'ticketManager') || Date.parse(order.showtimeDateTime ?? '') <= Date.now();
  const balance = perTypeBalance(order);
  const [sold, setSold] = useState<Record<string, string>>({});
  const [returned, setReturned] = useState<Record<string, string>>({});
  const n = (v: string | undefined) => (Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : 0);
  const soldLines = balance.map((b) => ({ ticketTypeId: b.ticketTypeId, soldQuantity: n(sold[b.ticketTypeId]) }));
  const returnLines = balance.map((b) => ({
    ticketTypeId: b.ticketTypeId,
    returnQuantity: n(returned[b.ticketTypeId]),
  }));
  const soldIncrease = soldLines.reduce((s, l) => s + l.soldQuantity, 0);
  const returnTotal = returnLines.reduce((s, l) => s + l.returnQuantity, 0);

  const report = useAction((_: void, organizationId) =>
    write('post', '/api/orders/{id}/report-sold', {
      params: { path: { id: order.id }, query: { organizationId } },
      body: {
        soldQuantity: (order.soldQuantity ?? 0) + soldIncrease,
        soldTypeQuantities: soldLines.filter((l) => l.soldQuantity > 0),
      },
      label: t('offline.label.reportSoldOn', { quantity: soldIncrease, event: order.eventName }),
      queue: true,
    }),
  );
  const giveBack = useAction((_: void, organizationId) =>
    write('post', '/api/orders/{id}/return', {
      params: { path: { id: order.id }, query: { organizationId } },
      body: { returnQuantity: returnTotal, returnTypeQuantities: returnLines.filter((l) => l.returnQuantity > 0) },
      label: t('offline.label.returnUnsoldOn', { quantity: returnTotal, event: order.eventName }),
      queue: true,
    }),
  );
  const onReport = (e: FormEvent) => {
    e.preventDefault();
    report.mutate(undefined, { onSuccess: () => setSold({}) });
  };
  const onReturn = (e: FormEvent) => {
    e.preventDefault();
    giveBack.mutate(undefined, { onSuccess: () => setReturned({}) });
  };
  return (
    <div className="report">
      <form onSubmit={onReport} className="stack">
        <fieldset className="tickets">
          <legend>{t('orders.newlySold')}</legend>
          {balance.map((b) => (
            <label key={b.ticketTypeId}>
              <span>
                {b.ticketTypeName} <span className="meta">— {t('orders.stillWithYou', { count: b.outstanding })}</span>
              </span>
              <input
                type="number"
                min={0}
                max={b.outstanding}
                inputMode="numeric"
                value={sold[b.ticketTypeId] ?? ''}
                onChange={(e) => setSold({ ...sold, [b.ticketTypeId]: e.target.value })}
              />
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={report.isPending || soldIncrease === 0}>
          {report.isPending ? t('common.saving') : t('orders.reportSold', { count: soldIncrease })}
        </button>
        {report.isSuccess && <Success>{t('orders.reportSaved', { count: report.data.soldQuantity ?? 0 })}</Success>}
        <ErrorNotice error={report.error} title={t('orders.saleNotRecorded')} />
      </form>
      {!returnsOpen && (
        <p className="meta">{t('orders.returnAfter', { when: formatDateTime(order.showtimeDateTime) })}</p>
      )}
      {returnsOpen && (
        <form onSubmit={onReturn} className="stack">
          <fieldset className="tickets">
            <legend>{t('orders.returnedUnsold')}</legend>
            {balance.map((b) => (
              <label key={b.ticketTypeId}>
                {b.ticketTypeName}
                <input
                  type="number"
                  min={0}
                  max={b.outstanding}
                  inputMode="numeric"
                  value={returned[b.ticketTypeId] ?? ''}
                  onChange={(e) => setReturned({ ...returned, [b.ticketTypeId]: e.target.value })}
                />
              </label>
            ))}
          </fieldset>
          <button type="submit" className="secondary" disabled={giveBack.isPending || returnTotal === 0}>
            {giveBack.isPending ? t('common.saving') : t('orders.return', { count: returnTotal })}
          </button>
          {giveBack.isSuccess && (
            <Success>{t('orders.returnSaved', { count: giveBack.data.returnedQuantity ?? returnTotal })}</Success>
          )}
          <ErrorNotice error={giveBack.error} title={t('orders.returnNotRecorded')} />
        </form>
      )}
    </div>
  );
}
