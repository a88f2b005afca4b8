import { toCents } from '../vocabulary/money';
import type { OrderDoc } from '../orders/model';
import type { RegistrationDoc } from '../registrations/model';
import { orderStanding, registrationStanding } from './summary';

/**
 * The lines of a member invoice (docs/decisions/invoices-and-reminders.md "Lines and rounding"): what the invoice
 * run issued, so what the member owes is exactly the `invoiced` of the receivables. Settled orders count with the
 * lines of their frozen invoice basis, registrations (direct sales) with their ticket lines, each only once
 * invoiced and eligible (a valid basis, not partner-sold, not deleted). One line per ticket type and unit price: a
 * type sold at two prices (the price changed between orders) gets two lines, so quantity × unit price is always
 * the line's amount. Money in integer cents; the total is the sum of the lines.
 */
export interface InvoiceLine {
  ticketTypeId: string;
  ticketTypeName: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
}

export interface InvoiceContent {
  lines: InvoiceLine[];
  totalCents: number;
  /** Orders and registrations on the invoice. */
  recordCount: number;
  /** The latest issue time among the records (undefined when nothing is invoiced). */
  issuedAt?: string;
}

type Source = { ticketTypeId: string; ticketTypeName: string; quantity: number; unitPrice: number };

export function invoiceContent(orders: OrderDoc[], registrations: RegistrationDoc[]): InvoiceContent {
  const byKey = new Map<string, InvoiceLine>();
  let recordCount = 0;
  let issuedAt: string | undefined;
  const add = (lines: Source[], invoicedAt: string) => {
    recordCount += 1;
    if (!issuedAt || invoicedAt > issuedAt) issuedAt = invoicedAt;
    for (const line of lines) {
      const unitPriceCents = toCents(line.unitPrice);
      const key = `${line.ticketTypeId}\n${unitPriceCents}`;
      const current = byKey.get(key) ?? {
        ticketTypeId: line.ticketTypeId,
        ticketTypeName: line.ticketTypeName,
        quantity: 0,
        unitPriceCents,
        amountCents: 0,
      };
      current.quantity += line.quantity;
      current.amountCents += line.quantity * unitPriceCents;
      byKey.set(key, current);
    }
  };
  for (const order of orders) {
    const standing = orderStanding(order);
    if (standing.kind === 'eligible' && standing.invoiced) add(order.invoiceBasis!.lines, order.invoicedAt!);
  }
  for (const registration of registrations) {
    const standing = registrationStanding(registration);
    if (standing.kind === 'eligible' && standing.invoiced) add(registration.tickets, registration.invoicedAt!);
  }
  const lines = [...byKey.values()]
    .filter((line) => line.quantity > 0)
    .sort(
      (a, b) =>
        a.ticketTypeName.localeCompare(b.ticketTypeName) ||
        a.ticketTypeId.localeCompare(b.ticketTypeId) ||
        a.unitPriceCents - b.unitPriceCents,
    );
  const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  return { lines, totalCents, recordCount, ...(issuedAt ? { issuedAt } : {}) };
}
