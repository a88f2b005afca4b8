import { randomUUID } from 'node:crypto';
import type { Principal } from '../users/principal';
import { notFound } from '../../errors';
import { withEtagRetry } from '../../store/outcomes';
import { writeWithCapacity } from '../events/capacity/ledger-write';
import { eventRefOf, projectionStamp, sharedEventIdOf } from '../events/capacity/model';
import { actorOf } from '../users/actor';
import { requireLiveEvent } from '../events/live-event';
import type { Showtime } from '../events/model';
import { getEvent } from '../events/repo';
import { assertEventTakesOrders, buildOrderLines, orderTotals, resolveShowtime } from '../orders/creation-rules';
import { toRegistrationResponse } from './mapper';
import { registrationSortKey, type RegistrationDoc } from './model';
import { createRegistrationDoc, createRegistrationSale, getRegistration, replaceRegistration } from './repo';
import { assertEditable, editedLines, invoiceChange, lockedAtOf } from './rules';
import type { CreateRegistrationBody, InvoiceRegistrationBody, UpdateRegistrationBody } from './schemas';

/** What a registration holds on its showtime's counter (`registrations` channel). */
const holding = (r: Pick<RegistrationDoc, 'showtimeId' | 'capacityQuantity'>) => ({
  showtimeId: r.showtimeId,
  quantity: r.capacityQuantity,
});

const showtimeFields = (showtime: Showtime) => ({
  showtimeId: showtime.showtimeId,
  showtimeDateTime: showtime.dateTime,
  ...(showtime.label !== undefined ? { showtimeLabel: showtime.label } : {}),
});

/**
 * POST /api/registrations: a direct sale by the caller, prices and fees copied now. Refused like an order on an
 * unknown or deleted (404), inactive (409), locked (409 SALES_LOCKED) or delegated-routing (409 WRONG_ENDPOINT)
 * event; on a Shared Event projection the seats come from the Shared Event's counter (409 CAPACITY_EXCEEDED without
 * `availableCapacity` when it is sold out or frozen; 503 when it cannot be reached). The seats are taken atomically on the showtime counter, which also re-checks the lock in the same
 * conditional patch (a lock set after the event was read still wins): 409 CAPACITY_EXCEEDED with
 * `availableCapacity` and `requestedDelta`. On an ordinary event the create, the seats and the money are one
 * transactional batch. Store calls: event read, one batch.
 */
export async function createRegistration(principal: Principal, organizationId: string, body: CreateRegistrationBody) {
  const event = await getEvent(organizationId, body.eventId);
  assertEventTakesOrders(event);
  const showtime = resolveShowtime(event, body.showtimeId);
  const tickets = buildOrderLines(event, body.tickets);
  const totals = orderTotals(tickets);
  const now = new Date().toISOString();
  const id = randomUUID();
  const doc: RegistrationDoc = {
    id,
    docType: 'registration',
    organizationId,
    eventId: event.id,
    eventName: event.name,
    ...showtimeFields(showtime),
    tickets,
    ...totals,
    capacityQuantity: totals.totalQuantity,
    ...(body.buyerName !== undefined ? { buyerName: body.buyerName.trim() } : {}),
    ...(body.buyerEmail !== undefined ? { buyerEmail: body.buyerEmail } : {}),
    ...(body.note !== undefined ? { note: body.note } : {}),
    sellerId: principal.userId,
    sellerName: principal.user?.name ?? '',
    ...(principal.user?.email ? { sellerEmail: principal.user.email } : {}),
    createdAt: now,
    lockedAt: lockedAtOf(now),
    updatedAt: now,
    sortKey: registrationSortKey({ createdAt: now, id }),
    ...projectionStamp(event),
  };
  const seats = {
    event,
    showtimeId: doc.showtimeId,
    channel: 'registrations' as const,
    delta: doc.capacityQuantity,
    respectLock: true,
    documentId: id,
    actor: principal.userId,
  };
  // An ordinary event sells in one batch; a Shared Event projection reserves in its partition first (docs/scaling.md).
  const saved =
    sharedEventIdOf(event) === undefined
      ? await createRegistrationSale(doc, seats)
      : await writeWithCapacity(
          event,
          'registrations',
          undefined,
          holding(doc),
          (mark) => createRegistrationDoc(mark(doc)),
          {
            respectLock: true,
            documentId: id,
            actor: principal.userId,
          },
        );
  return toRegistrationResponse(saved);
}

async function requireRegistration(organizationId: string, id: string) {
  const registration = await getRegistration(organizationId, id);
  if (!registration || registration.deletedAt) throw notFound('Registration');
  return registration;
}

/**
 * PUT /api/registrations/{id} (Ticket Manager+) inside the one-hour window: the given fields change, the rest
 * stay. Types already on the registration keep their order-time prices (rules.ts `editedLines`). Extra seats
 * are taken first (409 CAPACITY_EXCEEDED, or SALES_LOCKED when the event is locked: a locked event takes no
 * more sales, though a decrease or a buyer correction still goes through), freed ones released after the
 * replace, which is ETag-conditional and re-evaluated on a lost race. Store calls: registration read, event
 * read, at most one take, the replace, at most one release.
 */
export async function updateRegistration(
  principal: Principal,
  organizationId: string,
  id: string,
  body: UpdateRegistrationBody,
) {
  let firstRead: Awaited<ReturnType<typeof requireRegistration>> | undefined = await requireRegistration(
    organizationId,
    id,
  );
  assertEditable(firstRead);
  const event = await requireLiveEvent(organizationId, firstRead.eventId);
  const showtime = body.showtimeId !== undefined ? resolveShowtime(event, body.showtimeId) : undefined;
  const saved = await withEtagRetry(async () => {
    const registration = firstRead ?? (await requireRegistration(organizationId, id));
    firstRead = undefined;
    assertEditable(registration);
    const tickets = body.tickets ? editedLines(registration.tickets, event, body.tickets) : registration.tickets;
    const totals = orderTotals(tickets);
    const next: typeof registration = {
      ...registration,
      ...(showtime ? showtimeFields(showtime) : {}),
      tickets,
      ...totals,
      capacityQuantity: totals.totalQuantity,
      ...(body.buyerName !== undefined ? { buyerName: body.buyerName.trim() } : {}),
      ...(body.buyerEmail !== undefined ? { buyerEmail: body.buyerEmail } : {}),
      ...(body.note !== undefined ? { note: body.note } : {}),
      updatedAt: new Date().toISOString(),
      updatedBy: principal.userId,
    };
    if (showtime && showtime.label === undefined) delete next.showtimeLabel; // the new showtime has no label
    return writeWithCapacity(
      event,
      'registrations',
      holding(registration),
      holding(next),
      (mark) => replaceRegistration(mark(next), registration, { carriesKey: true }),
      { respectLock: true, documentId: id, actor: principal.userId },
    );
  });
  return toRegistrationResponse(saved);
}

/**
 * DELETE /api/registrations/{id} (Ticket Manager+) inside the window: soft delete (`deletedAt`, `deletedBy`),
 * then its seats are released. Answers the deleted registration. Store calls: read, replace, release.
 */
export async function deleteRegistration(principal: Principal, organizationId: string, id: string) {
  const saved = await withEtagRetry(async () => {
    const registration = await requireRegistration(organizationId, id);
    assertEditable(registration);
    const at = new Date().toISOString();
    const next = { ...registration, deletedAt: at, deletedBy: principal.userId };
    const options = { documentId: id, actor: principal.userId };
    return writeWithCapacity(
      eventRefOf(registration),
      'registrations',
      holding(registration),
      undefined,
      () => replaceRegistration(next, registration),
      options,
    );
  });
  return toRegistrationResponse(saved);
}

/**
 * PUT /api/management/registrations/{id}/invoice (Ticket Manager+): `{}` or `{ invoiced: true }` marks it
 * invoiced (time, stable actor id, display name), `{ invoiced: false }` clears it. Idempotent: a registration
 * already standing that way is answered unchanged without a write. Not an edit of the sale, so the one-hour
 * lock does not apply. Store calls: read, and the ETag-conditional replace when something changes.
 */
export async function invoiceRegistration(
  principal: Principal,
  organizationId: string,
  id: string,
  body: InvoiceRegistrationBody,
) {
  const invoiced = body.invoiced ?? true;
  const saved = await withEtagRetry(async () => {
    const registration = await requireRegistration(organizationId, id);
    const next = invoiceChange(registration, invoiced, actorOf(principal));
    return next ? replaceRegistration(next, registration) : registration;
  });
  return toRegistrationResponse(saved);
}
