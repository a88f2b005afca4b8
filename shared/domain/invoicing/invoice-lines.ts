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

/**
 * A member's invoice built record by record (the receivables fold the event's pages through one per member, so no
 * page of documents is held). The records' order is kept as `invoiceContent` gives it: orders first, then
 * registrations, each in the order seen, so a line's type name is the first such record's whatever the order of the
 * pages.
 */
export class InvoiceLinesFold {
  private readonly fromOrders = new Map<string, InvoiceLine>();
  private readonly fromRegistrations = new Map<string, InvoiceLine>();
  private recordCount = 0;
  private issuedAt: string | undefined;

  addOrder(order: OrderDoc) {
    const standing = orderStanding(order);
    if (standing.kind === 'eligible' && standing.invoiced)
      this.add(this.fromOrders, order.invoiceBasis!.lines, order.invoicedAt!);
  }

  addRegistration(registration: RegistrationDoc) {
    const standing = registrationStanding(registration);
    if (standing.kind === 'eligible' && standing.invoiced)
      this.add(this.fromRegistrations, registration.tickets, registration.invoicedAt!);
  }

  content(): InvoiceContent {
    const byKey = new Map<string, InvoiceLine>();
    for (const line of [...this.fromOrders.values(), ...this.fromRegistrations.values()]) {
      const key = lineKey(line.ticketTypeId, line.unitPriceCents);
      const current = byKey.get(key);
      if (current)
        byKey.set(key, {
          ...current,
          quantity: current.quantity + line.quantity,
          amountCents: current.amountCents + line.amountCents,
        });
      else byKey.set(key, { ...line });
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
    const issuedAt = this.issuedAt;
    return { lines, totalCents, recordCount: this.recordCount, ...(issuedAt ? { issuedAt } : {}) };
  }

  private add(byKey: Map<string, InvoiceLine>, lines: Source[], invoicedAt: string) {
    this.recordCount += 1;
    if (!this.issuedAt || invoicedAt > this.issuedAt) this.issuedAt = invoicedAt;
    for (const line of lines) {
      const unitPriceCents = toCents(line.unitPrice);
      const key = lineKey(line.ticketTypeId, unitPriceCents);
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
  }
}

const lineKey = (ticketTypeId: string, unitPriceCents: number) => `${ticketTypeId}\n${unitPriceCents}`;

export function invoiceContent(orders: OrderDoc[], registrations: RegistrationDoc[]): InvoiceContent {
  const fold = new InvoiceLinesFold();
  for (const order of orders) fold.addOrder(order);
  for (const registration of registrations) fold.addRegistration(registration);
  return fold.content();
}
