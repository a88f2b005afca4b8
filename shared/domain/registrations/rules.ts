import { badRequest, conflict } from '../../errors';
import type { EventDoc } from '../events/model';
import type { OrderLine } from '../orders/model';
import type { RequestedTickets } from '../orders/creation-rules';
import { REGISTRATION_EDIT_WINDOW_MS, type RegistrationDoc } from './model';

/** Pure rules of direct sales (docs/decisions/sales.md "Registrations", docs/decisions/sales.md); unit-tested without a store. */

/** When the edit and delete window of a registration created at `createdAt` closes: one hour later. */
export const lockedAtOf = (createdAt: string) =>
  new Date(Date.parse(createdAt) + REGISTRATION_EDIT_WINDOW_MS).toISOString();

/** The window is closed from `lockedAt` on (inclusive): at exactly one hour the registration is locked. */
export const isRegistrationLocked = (registration: Pick<RegistrationDoc, 'lockedAt'>, now = Date.now()) =>
  now >= Date.parse(registration.lockedAt);

/** 409 REGISTRATION_LOCKED (data: `{ lockedAt }`) once the window has closed; nothing is written. */
export function assertEditable(registration: Pick<RegistrationDoc, 'lockedAt'>, now = Date.now()) {
  if (isRegistrationLocked(registration, now)) {
    throw conflict(
      'The registration can no longer be changed: its one-hour edit window has closed',
      'REGISTRATION_LOCKED',
      {
        lockedAt: registration.lockedAt,
      },
    );
  }
}

/**
 * The lines of an edited registration. A ticket type already on it keeps the name, unit price and fee copied
 * when the sale was registered (even if the event's price changed or the type was renamed since); a type new to
 * it is priced from the event now. Unknown types (neither on the registration nor on the event) and repeated
 * types are refused with 400.
 */
export function editedLines(existing: OrderLine[], event: EventDoc, requested: RequestedTickets[]): OrderLine[] {
  const kept = new Map(existing.map((line) => [line.ticketTypeId, line]));
  const seen = new Set<string>();
  return requested.map((wanted, index) => {
    const path = `/tickets/${index}/ticketTypeId`;
    if (seen.has(wanted.ticketTypeId))
      throw badRequest('A ticket type appears twice', [{ path, message: 'is repeated' }]);
    seen.add(wanted.ticketTypeId);
    const previous = kept.get(wanted.ticketTypeId);
    if (previous) return { ...previous, quantity: wanted.quantity };
    const type = event.ticketTypes.find((t) => t.id === wanted.ticketTypeId);
    if (!type) throw badRequest('Unknown ticket type for this event', [{ path, message: 'is unknown' }]);
    return {
      ticketTypeId: type.id,
      ticketTypeName: type.name,
      quantity: wanted.quantity,
      unitPrice: type.price,
      fee: type.fee,
    };
  });
}

/** The display name of whoever invoiced it: the current field, else the legacy actor field (a display name). */
export const invoicedByNameOf = (registration: Pick<RegistrationDoc, 'invoicedByName' | 'invoicedBy'>) =>
  registration.invoicedByName ?? registration.invoicedBy;

/**
 * The registration after "mark invoiced" (`invoiced: true`) or "clear" (`invoiced: false`), or `undefined` when
 * it already stands that way (idempotent: no write). Marking records the time, the stable actor id and the
 * display name; clearing removes every invoice field, the legacy `invoicedBy` included.
 */
export function invoiceChange<R extends RegistrationDoc>(
  registration: R,
  invoiced: boolean,
  actor: { id: string; name: string; at: string },
): R | undefined {
  const isInvoiced = registration.invoicedAt !== undefined;
  if (isInvoiced === invoiced) return undefined;
  if (invoiced) return { ...registration, invoicedAt: actor.at, invoicedById: actor.id, invoicedByName: actor.name };
  const { invoicedAt: _at, invoicedById: _id, invoicedByName: _name, invoicedBy: _legacy, ...rest } = registration;
  return rest as R;
}
