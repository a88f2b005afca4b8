import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { ApiError } from '../../api/client';
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
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('reconcile.title')}</h1>
      <EventFilter filter={filter} />
      {done && <Success>{done}</Success>}
      <section aria-labelledby="waiting-title">
        <h2 id="waiting-title">{t('reconcile.waiting')}</h2>
        <QueryView query={waiting} what={t('reconcile.loadingWaiting')}>
          {(data) => {
            const items = pagesOf(data);
            if (items.length === 0) return <Empty>{t('reconcile.noneWaiting')}</Empty>;
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
        <h2 id="settled-title">{t('reconcile.settled')}</h2>
        <QueryView query={settled} what={t('reconcile.loadingSettled')}>
          {(data) => {
            const items = pagesOf(data);
            if (items.length === 0) return <Empty>{t('reconcile.noneSettled')}</Empty>;
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
  const { t } = useTranslation();
  const settle = useAction((confirm: boolean, organizationId) =>
    unwrap(
      http.POST('/api/orders/{id}/approve-reconciliation', {
        params: { path: { id: order.id }, query: { organizationId } },
        ...(confirm ? { body: { confirm: true } } : {}),
      }),
    ),
  );
  // More of the order's tickets came through the door than it reports sold: say so and let the person decide.
  const beyond = admittedBeyondSold(settle.error);
  if (beyond) {
    return (
      <div role="alert" className="notice">
        <strong>{t('reconcileWarning.title')}</strong>
        <p>
          {t('reconcileWarning.explain', {
            admitted: beyond.admitted,
            reportedSold: beyond.reportedSold,
            name: order.requestedByName,
          })}
        </p>
        <div className="row">
          <button type="button" disabled={settle.isPending} onClick={() => settle.mutate(true)}>
            {t('reconcileWarning.confirm')}
          </button>
          <button type="button" className="secondary" onClick={() => settle.reset()}>
            {t('reconcileWarning.back')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <>
      <button type="button" disabled={settle.isPending} onClick={() => settle.mutate(false)}>
        {t('reconcile.approve')}
      </button>
      <ErrorNotice error={settle.error} title={t('reconcile.notSettled')} />
    </>
  );
}

/** The figures of a 409 ADMITTED_BEYOND_SOLD answer (`data: { admitted, reportedSold }`), else undefined. */
function admittedBeyondSold(error: unknown): { admitted: number; reportedSold: number } | undefined {
  if (!(error instanceof ApiError) || error.code !== 'ADMITTED_BEYOND_SOLD') return undefined;
  return { admitted: Number(error.data?.admitted ?? 0), reportedSold: Number(error.data?.reportedSold ?? 0) };
}
