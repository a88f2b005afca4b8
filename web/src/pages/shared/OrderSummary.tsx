import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { outstandingOf, type Order } from '../../api/types';
import { formatDateTime, formatMoney, showtimeName, statusLabel, tickets } from '../../ui/format';

/** Per ticket type: ordered, sold and returned so far, and what is still in the member's hands. */
export function perTypeBalance(order: Order) {
  return order.tickets.map((line) => {
    const sold = order.soldTypeQuantities?.find((s) => s.ticketTypeId === line.ticketTypeId)?.soldQuantity ?? 0;
    const returned =
      order.returnedTypeQuantities?.find((r) => r.ticketTypeId === line.ticketTypeId)?.returnQuantity ?? 0;
    return { ...line, sold, returned, outstanding: Math.max(0, line.quantity - sold - returned) };
  });
}

/** One order as a card: who, what, status and the balance; actions go in `children`. */
export function OrderSummary({
  order,
  children,
  showOwner,
}: {
  order: Order;
  children?: ReactNode;
  showOwner?: boolean;
}) {
  const { t } = useTranslation();
  const outstanding = outstandingOf(order);
  // What the outstanding tickets are worth at their order-time prices (what the member still answers for).
  const balance = perTypeBalance(order);
  const outstandingValue = balance.reduce((sum, b) => sum + b.outstanding * b.unitPrice, 0);
  // What the member owes for what they sold: sold × the order-time price, per type.
  const soldValue = balance.reduce((sum, b) => sum + b.sold * b.unitPrice, 0);
  const reported = ['delivered', 'awaitingReconciliation', 'settled'].includes(order.status);
  return (
    <article className="card order" aria-labelledby={`order-${order.id}`} id={`order-card-${order.id}`}>
      <h3 id={`order-${order.id}`}>
        {showOwner ? `${order.requestedByName} — ` : ''}
        {tickets(order.totalQuantity)} · <span className={`status ${order.status}`}>{statusLabel(order.status)}</span>
      </h3>
      <p className="meta">
        {order.eventName} · {showtimeName(order)} · {t('order.requestedAt', { when: formatDateTime(order.createdAt) })}
      </p>
      <ul className="lines">
        {order.tickets.map((line) => (
          <li key={line.ticketTypeId}>
            {t('order.line', {
              quantity: line.quantity,
              type: line.ticketTypeName,
              price: formatMoney(line.unitPrice),
            })}
          </li>
        ))}
      </ul>
      {reported && (order.soldQuantity ?? 0) > 0 && (
        <p className="owed" data-testid="owed">
          {t('order.owed', { count: order.soldQuantity ?? 0, amount: formatMoney(soldValue) })}
        </p>
      )}
      {reported && (
        <p className="balance">
          {t('order.soldReturned', { sold: order.soldQuantity ?? 0, returned: order.returnedQuantity ?? 0 })} ·{' '}
          <strong>
            {t('order.outstanding', { count: outstanding })}
            {outstanding > 0 && ` (${formatMoney(outstandingValue)})`}
          </strong>
        </p>
      )}
      {order.cancelReason && <p className="meta">{t('order.cancelled', { reason: order.cancelReason })}</p>}
      {order.note && <p className="meta">{t('order.note', { note: order.note })}</p>}
      {/* Present only for Ticket Manager+ (the API leaves it out for the member the order is about). */}
      {order.adminNote && (
        <p className="meta">
          {t('order.adminNote', { note: order.adminNote })}
          {order.adminNoteByName && ` — ${order.adminNoteByName}, ${formatDateTime(order.adminNoteAt)}`}
        </p>
      )}
      {order.invoiceBasis && (
        <div className="basis">
          <p>
            {t('order.invoiceBasis', { when: formatDateTime(order.invoiceBasis.frozenAt) })}{' '}
            <strong>{formatMoney(order.invoiceBasis.grandTotal)}</strong>
            {order.invoiceBasis.totalFees
              ? ` + ${t('order.fees', { amount: formatMoney(order.invoiceBasis.totalFees) })}`
              : ''}
            {!order.invoiceBasisValid && ` — ${t('order.invoiceBasisInvalid')}`}
          </p>
          <ul className="lines">
            {order.invoiceBasis.lines.map((line) => (
              <li key={line.ticketTypeId}>
                {t('order.line', {
                  quantity: line.quantity,
                  type: line.ticketTypeName,
                  price: formatMoney(line.unitPrice),
                })}{' '}
                = {formatMoney(line.amount)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {children}
    </article>
  );
}
