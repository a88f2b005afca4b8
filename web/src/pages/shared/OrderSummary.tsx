import type { ReactNode } from 'react';
import { outstandingOf, type Order } from '../../api/types';
import { formatDateTime, formatMoney, showtimeName, STATUS_LABEL, tickets } from '../../ui/format';

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
  const outstanding = outstandingOf(order);
  // What the outstanding tickets are worth at their order-time prices (what the member still answers for).
  const outstandingValue = perTypeBalance(order).reduce((sum, b) => sum + b.outstanding * b.unitPrice, 0);
  const reported = ['delivered', 'awaitingReconciliation', 'settled'].includes(order.status);
  return (
    <article className="card order" aria-labelledby={`order-${order.id}`} id={`order-card-${order.id}`}>
      <h3 id={`order-${order.id}`}>
        {showOwner ? `${order.requestedByName} — ` : ''}
        {tickets(order.totalQuantity)} · <span className={`status ${order.status}`}>{STATUS_LABEL[order.status]}</span>
      </h3>
      <p className="meta">
        {order.eventName} · {showtimeName(order)} · requested {formatDateTime(order.createdAt)}
      </p>
      <ul className="lines">
        {order.tickets.map((line) => (
          <li key={line.ticketTypeId}>
            {line.quantity} × {line.ticketTypeName} at {formatMoney(line.unitPrice)}
          </li>
        ))}
      </ul>
      {reported && (
        <p className="balance">
          Sold {order.soldQuantity ?? 0} · returned {order.returnedQuantity ?? 0} ·{' '}
          <strong>
            outstanding {outstanding}
            {outstanding > 0 && ` (${formatMoney(outstandingValue)})`}
          </strong>
        </p>
      )}
      {order.cancelReason && <p className="meta">Cancelled: {order.cancelReason}</p>}
      {order.note && <p className="meta">Note: {order.note}</p>}
      {/* Present only for Ticket Manager+ (the API leaves it out for the member the order is about). */}
      {order.adminNote && (
        <p className="meta">
          Admin note: {order.adminNote}
          {order.adminNoteByName && ` — ${order.adminNoteByName}, ${formatDateTime(order.adminNoteAt)}`}
        </p>
      )}
      {order.invoiceBasis && (
        <div className="basis">
          <p>
            Invoice basis (frozen {formatDateTime(order.invoiceBasis.frozenAt)}):{' '}
            <strong>{formatMoney(order.invoiceBasis.grandTotal)}</strong>
            {order.invoiceBasis.totalFees ? ` + fees ${formatMoney(order.invoiceBasis.totalFees)}` : ''}
            {!order.invoiceBasisValid && ' — not valid, ask an admin'}
          </p>
          <ul className="lines">
            {order.invoiceBasis.lines.map((line) => (
              <li key={line.ticketTypeId}>
                {line.quantity} × {line.ticketTypeName} at {formatMoney(line.unitPrice)} = {formatMoney(line.amount)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {children}
    </article>
  );
}
