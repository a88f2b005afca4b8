import { i18next } from '../../i18n';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { http, unwrap } from '../../api/instance';
import { pagesOf, useAction } from '../../data/queries';
import { Empty, ErrorNotice } from '../../ui/feedback';
import { formatMoney, formatNumber, showtimeName, statusLabel, tickets } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { Table } from '../../ui/Table';
import { useDelegatedOrders, useDelegatedQueue, type DelegatedOrder } from './queries';
import { write } from '../../offline/write';

type Step = 'approve' | 'deliver' | 'approve-and-deliver' | 'cancel';

/** The partner ticket manager's work: pending (approve, approve-and-deliver, cancel), approved (deliver), then
 * delivered orders with sold and returned reports. Calls: two queue pages and the order list. */
export function PartnerQueue({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const pending = useDelegatedQueue(eventId, 'pending');
  const approved = useDelegatedQueue(eventId, 'approved');
  const orders = useDelegatedOrders(eventId);
  return (
    <section aria-labelledby="partner-queue-title">
      <h3 id="partner-queue-title">{t('partner.queue.title')}</h3>
      <Guarded query={pending} what={t('partner.queue.loadingRequests')}>
        {(data) => (
          <QueueTable
            caption={t('partner.queue.pending')}
            orders={pagesOf(data)}
            eventId={eventId}
            steps={['approve', 'approve-and-deliver', 'cancel']}
          />
        )}
      </Guarded>
      <Guarded query={approved} what={t('partner.queue.loadingApproved')}>
        {(data) => (
          <QueueTable
            caption={t('partner.queue.approved')}
            orders={pagesOf(data)}
            eventId={eventId}
            steps={['deliver']}
          />
        )}
      </Guarded>
      <Guarded query={orders} what={t('partner.queue.loadingOrders')}>
        {(data) => {
          const delivered = data.items.filter((o) => ['delivered', 'awaitingReconciliation'].includes(o.status));
          return delivered.length === 0 ? (
            <Empty>{t('partner.queue.noneDelivered')}</Empty>
          ) : (
            <Table
              caption={t('partner.queue.delivered')}
              head={[
                t('partner.column.seller'),
                t('partner.column.showtime'),
                t('partner.column.tickets'),
                t('partner.column.sold'),
                t('partner.column.returned'),
                t('partner.column.report'),
              ]}
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

/** Each step's button words (partner.step.<key>). */
const STEP_KEY: Record<Step, string> = {
  approve: 'approve',
  deliver: 'deliver',
  'approve-and-deliver': 'approveAndDeliver',
  cancel: 'cancel',
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
  const { t } = useTranslation();
  if (orders.length === 0) return <Empty>{t('partner.queue.nothing', { caption })}</Empty>;
  return (
    <Table
      caption={caption}
      head={[
        t('partner.column.seller'),
        t('partner.column.showtime'),
        t('partner.column.tickets'),
        t('partner.column.amount'),
        t('partner.column.status'),
        t('partner.column.action'),
      ]}
      rows={orders.map((o) => [
        o.buyerUserName ?? '',
        showtimeName(o),
        o.tickets.map((line) => `${formatNumber(line.quantity)} × ${line.ticketTypeName}`).join(', '),
        formatMoney(o.totalAmount),
        statusLabel(o.status),
        <Steps key={o.id} eventId={eventId} order={o} steps={steps} />,
      ])}
    />
  );
}

function Steps({ eventId, order, steps }: { eventId: string; order: DelegatedOrder; steps: Step[] }) {
  const { t } = useTranslation();
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
          aria-label={t('partner.step.named', {
            step: t(`partner.step.${STEP_KEY[s]}`),
            name: order.buyerUserName ?? '',
            tickets: tickets(order.totalQuantity),
          })}
          disabled={run.isPending}
          onClick={() => run.mutate(s)}
        >
          {t(`partner.step.${STEP_KEY[s]}`)}
        </button>
      ))}
      <ErrorNotice error={run.error} />
    </div>
  );
}

function Report({ eventId, order }: { eventId: string; order: DelegatedOrder }) {
  const { t } = useTranslation();
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
    <form
      className="row"
      onSubmit={submit}
      aria-label={t('partner.report.form', { name: order.buyerUserName ?? t('partner.report.order') })}
    >
      <label>
        {t('partner.report.soldTotal')}
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
        {t('partner.report.sold')}
      </button>
      <label>
        {t('partner.report.returnedNow')}
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
        {t('partner.report.returned')}
      </button>
      <ErrorNotice error={report.error} />
    </form>
  );
}
