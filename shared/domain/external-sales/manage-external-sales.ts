import { randomUUID } from 'node:crypto';
import type { Principal } from '../users/principal';
import { notFound } from '../../errors';
import { withEtagRetry } from '../../store/outcomes';
import { findShowtime } from '../events/model';
import { toExternalSaleResponse } from './mapper';
import type { ExternalSaleDoc } from './model';
import { createExternalSaleDoc, getExternalSale, pageExternalSales, replaceExternalSale } from './repo';
import { writeWithCapacity } from '../events/capacity/ledger-write';
import { projectionStamp } from '../events/capacity/model';
import { requireLiveEvent } from '../events/live-event';
import { priceLines, saleTotals } from './rules';
import type { ExternalSaleBody, PageQuery } from './schemas';

export const saleHolding = (s: Pick<ExternalSaleDoc, 'showtimeId' | 'capacityQuantity'>) => ({
  showtimeId: s.showtimeId,
  quantity: s.capacityQuantity,
});

/** The ledger of an event, or of one of its showtimes: one paged partition query (never org-mode restricted). */
export async function listExternalSales(
  organizationId: string,
  eventId: string,
  showtimeId: string | undefined,
  query: PageQuery,
) {
  const event = await requireLiveEvent(organizationId, eventId);
  if (showtimeId !== undefined && !findShowtime(event, showtimeId)) throw notFound('Showtime');
  const page = await pageExternalSales(organizationId, eventId, showtimeId, query);
  return { items: page.items.map(toExternalSaleResponse), continuationToken: page.continuationToken };
}

/** Records a box-office sale; it takes capacity on the showtime's `external` channel (409 when it does not fit). */
export async function createExternalSale(
  principal: Principal,
  organizationId: string,
  eventId: string,
  showtimeId: string,
  body: ExternalSaleBody,
) {
  const event = await requireLiveEvent(organizationId, eventId);
  if (!findShowtime(event, showtimeId)) throw notFound('Showtime');
  const tickets = priceLines(event, body.tickets);
  const totals = saleTotals(tickets);
  const now = new Date().toISOString();
  const doc: ExternalSaleDoc = {
    id: randomUUID(),
    docType: 'externalSale',
    organizationId,
    eventId,
    showtimeId,
    // On a Shared Event projection the sale is a projection document: its money stays off the counter (keepsMoney).
    ...projectionStamp(event),
    tickets,
    ...totals,
    capacityQuantity: totals.totalQuantity,
    source: body.source.trim(),
    ...(body.note !== undefined ? { note: body.note } : {}),
    createdAt: now,
    createdBy: principal.userId,
    updatedAt: now,
    updatedBy: principal.userId,
  };
  const options = { documentId: doc.id, actor: principal.userId };
  const saved = await writeWithCapacity(
    event,
    'external',
    undefined,
    saleHolding(doc),
    (mark) => createExternalSaleDoc(mark(doc)),
    options,
  );
  return toExternalSaleResponse(saved);
}

/** A live sale and its live event (a sale of a deleted event is as gone as the event). */
export async function requireSaleAndEvent(organizationId: string, id: string) {
  const sale = await getExternalSale(organizationId, id);
  if (!sale || sale.deletedAt) throw notFound('External sale');
  const event = await requireLiveEvent(organizationId, sale.eventId);
  return { sale, event };
}

/** PUT replaces lines, source and note (an absent note clears it); an increase is capacity-checked. */
export async function updateExternalSale(
  principal: Principal,
  organizationId: string,
  id: string,
  body: ExternalSaleBody,
) {
  const { sale, event } = await requireSaleAndEvent(organizationId, id);
  const nextSale = freshOnRetry(sale, async () => (await requireSaleAndEvent(organizationId, id)).sale);
  const saved = await withEtagRetry(async () => {
    const current = await nextSale();
    const tickets = priceLines(event, body.tickets, current.tickets);
    const totals = saleTotals(tickets);
    const { note: _note, ...rest } = current;
    const next: typeof current = {
      ...rest,
      tickets,
      ...totals,
      capacityQuantity: totals.totalQuantity,
      source: body.source.trim(),
      ...(body.note !== undefined ? { note: body.note } : {}),
      updatedAt: new Date().toISOString(),
      updatedBy: principal.userId,
    };
    const options = { documentId: id, actor: principal.userId };
    return writeWithCapacity(
      event,
      'external',
      saleHolding(current),
      saleHolding(next),
      (mark) => replaceExternalSale(mark(next), current),
      options,
    );
  });
  return toExternalSaleResponse(saved);
}

/** Soft delete (corrections keep pointing at it), then its seats are released. */
export async function deleteExternalSale(principal: Principal, organizationId: string, id: string) {
  const { sale, event } = await requireSaleAndEvent(organizationId, id);
  const nextSale = freshOnRetry(sale, async () => (await requireSaleAndEvent(organizationId, id)).sale);
  const saved = await withEtagRetry(async () => {
    const current = await nextSale();
    const next = { ...current, deletedAt: new Date().toISOString(), deletedBy: principal.userId };
    const options = { documentId: id, actor: principal.userId };
    return writeWithCapacity(
      event,
      'external',
      saleHolding(current),
      undefined,
      () => replaceExternalSale(next, current),
      options,
    );
  });
  return toExternalSaleResponse(saved);
}

/** The first attempt uses the document already read; an attempt after a 412 reads it again. */
export function freshOnRetry<T>(first: T, reread: () => Promise<T>): () => Promise<T> {
  let cached: T | undefined = first;
  return async () => {
    const value = cached ?? (await reread());
    cached = undefined;
    return value;
  };
}
