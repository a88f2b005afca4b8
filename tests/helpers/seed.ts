import { randomUUID } from 'node:crypto';
import { emailKey } from '../../shared/domain/sign-in/challenges';
import { counterId } from '../../shared/domain/events/capacity/model';
import { orderSortKey } from '../../shared/domain/orders/model';
import { lineTotals } from '../../shared/domain/vocabulary/money';
import type { RegistrationDoc } from '../../shared/domain/registrations/model';
import { buildNotification, type NewNotification } from '../../shared/domain/notifications/model';
import { notify } from '../../shared/domain/notifications/repo';
import { auditEntry, type AuditAction } from '../../shared/domain/shared-events/audit/entry';
import { appendAudit } from '../../shared/domain/shared-events/repo';
import { moveCounter } from '../../shared/domain/shared-events/capacity/repo';
import { containers } from '../../shared/store/client';
import { createItem, deleteItem, queryAll, readItem, replaceItem } from '../../shared/store/operations';

/**
 * The one place where API tests touch the store. Everything a route can produce is seeded through the routes
 * (fixtures.ts, orders.ts, events.ts); what is here is a state no route can make today, so each function
 * says what it writes and why: records older than a rule, records of features built in another issue
 * (invoicing, delegated sales, Shared Events), drift a crash would leave, and fault injection.
 * The inspection helpers at the end read what no route shows, to prove that nothing was written.
 * Keeping every store and domain import here means a move of the store adapter or of a repository touches
 * this file only.
 */

export { injectStoreFault, type StoreOperation } from '../../shared/store/faults';

type Doc = Record<string, unknown>;
const nowIso = () => new Date().toISOString();

/** Read-modify-write of one document of an organization's partition, ETag-checked like any real write. */
async function rewriteOrgDocument(orgId: string, id: string, change: (doc: Doc) => Doc): Promise<void> {
  const doc = await readItem<Doc>(containers().orgs, orgId, id);
  if (!doc) throw new Error(`seed: no document ${id} in ${orgId}`);
  await replaceItem(containers().orgs, orgId, { ...change(doc), id }, doc._etag);
}

// --- Orders: fields and states that no route writes yet, or that only old data has -------------------------

/** Invoicing has no route yet: marks a settled order invoiced, as the invoicing run will. */
export const seedInvoicedOrder = (
  orgId: string,
  orderId: string,
  invoice: { invoicedAt: string; invoicedBy?: string },
) => rewriteOrgDocument(orgId, orderId, (doc) => ({ ...doc, ...invoice }));

/** A frozen invoice basis that no longer matches its order (old data, or a hand edit): its grand total changed. */
export const seedInvoiceBasisGrandTotal = (orgId: string, orderId: string, grandTotal: number) =>
  rewriteOrgDocument(orgId, orderId, (doc) => ({
    ...doc,
    invoiceBasis: { ...(doc.invoiceBasis as Doc), grandTotal },
  }));

/** Partner attribution as the delegated-sales routes (document 02, another issue) will write it. */
export const seedDelegatedAttribution = (orgId: string, orderId: string, attribution: Doc) =>
  rewriteOrgDocument(orgId, orderId, (doc) => ({ ...doc, ...attribution }));

/** An order archived before the archive rules existed: archived although it would be blocked now. */
export const seedLegacyArchivedOrder = (
  orgId: string,
  orderId: string,
  archive: { archivedAt: string; archivedBy?: string },
) => rewriteOrgDocument(orgId, orderId, (doc) => ({ ...doc, archived: true, ...archive }));

/** A delivered order from before deliver recorded soldQuantity 0: no sold or returned count at all. */
export const seedLegacyDeliveredOrderWithoutSoldQuantity = (orgId: string, orderId: string) =>
  rewriteOrgDocument(orgId, orderId, ({ soldQuantity: _sold, returnedQuantity: _returned, ...doc }) => doc);

/**
 * A creation instant the API cannot produce on purpose: equal instants for tie-breaking, and the legacy
 * spellings (no milliseconds, an offset) that old records carry. The list sort key follows, as on any save.
 */
export const seedOrderCreatedAt = (orgId: string, orderId: string, createdAt: string) =>
  rewriteOrgDocument(orgId, orderId, (doc) => ({
    ...doc,
    createdAt,
    sortKey: orderSortKey({ createdAt, id: orderId }),
  }));

/** Old data in bulk: `count` copies of a stored order under fresh ids, written straight to the store. */
export async function seedLegacyCopiesOfOrder(orgId: string, orderId: string, count: number, width = 10) {
  const { _etag, _rid, _self, _ts, _attachments, ...body } = (await readItem<Doc>(containers().orgs, orgId, orderId))!;
  for (let start = 0; start < count; start += width) {
    const size = Math.min(width, count - start);
    await Promise.all(Array.from({ length: size }, () => createItem(containers().orgs, { ...body, id: randomUUID() })));
  }
}

// --- Events: projections and records of Shared Events and delegated sales (document 02, another issue) ------

/** The marker a delegated-sales projection carries (`sharedEventLink` or `orderRouting`). */
export const seedDelegatedSalesMarker = (orgId: string, eventId: string, marker: Doc) =>
  rewriteOrgDocument(orgId, eventId, (doc) => ({ ...doc, ...marker }));

/** Outbound sales delegations on an owned event, in the shape the organization-mode dependency check reads. */
export const seedOutboundSalesDelegations = (orgId: string, eventId: string, statuses: string[]) =>
  rewriteOrgDocument(orgId, eventId, (doc) => ({ ...doc, salesDelegations: statuses.map((status) => ({ status })) }));

/** An organization's participation in a Shared Event, in the Shared Event partition. */
export const seedSharedEventParticipation = (orgId: string, sharedEventId: string, status = 'active') =>
  createItem(containers().sharedEvents, {
    id: `participant-${orgId}`,
    sharedEventId,
    docType: 'sharedEventParticipant',
    organizationId: orgId,
    status,
  });

/**
 * An event with one showtime, one ticket type and one external sale in a selling partner's partition: a
 * partner owns no events through the API, so these stand in for an existing target there.
 */
export async function seedLegacyEventWithSaleInPartnerPartition(
  partnerId: string,
  ids: { eventId: string; showtimeId: string; saleId: string; typeId: string },
) {
  const now = nowIso();
  await createItem(containers().orgs, {
    id: ids.eventId,
    docType: 'event',
    organizationId: partnerId,
    name: 'Legacy',
    date: '2027-01-01',
    venueCapacity: 10,
    active: true,
    enableQuotas: false,
    showtimes: [{ showtimeId: ids.showtimeId, dateTime: '2027-01-01T19:00:00.000Z', externalSold: 0 }],
    ticketTypes: [
      { id: ids.typeId, eventId: ids.eventId, organizationId: partnerId, name: 'A', price: 1, fee: 0, sortOrder: 0 },
    ],
    createdAt: now,
    updatedAt: now,
  });
  await createItem(containers().orgs, {
    id: ids.saleId,
    docType: 'externalSale',
    organizationId: partnerId,
    eventId: ids.eventId,
    showtimeId: ids.showtimeId,
    tickets: [{ ticketTypeId: ids.typeId, ticketTypeName: 'A', quantity: 1, unitPrice: 1, unitFee: 0 }],
    totalQuantity: 1,
    totalAmount: 1,
    totalFees: 0,
    capacityQuantity: 1,
    source: 'legacy',
    createdAt: now,
    createdBy: 'x',
    updatedAt: now,
    updatedBy: 'x',
  });
}

// --- Capacity: drift the way a crash leaves it --------------------------------------------------------------

/**
 * A capacity-ledger document (order, registration, free ticket, external sale) written without moving the
 * counter, as a crash between the two writes leaves it. `extra` can mark it soft-deleted.
 */
export const seedLedgerEntryBypassingCounter = (
  orgId: string,
  entry: { eventId: string; showtimeId: string; docType: string; quantity: number },
  extra: Doc = {},
) =>
  createItem(containers().orgs, {
    id: `${entry.docType}-${randomUUID()}`,
    docType: entry.docType,
    organizationId: orgId,
    eventId: entry.eventId,
    showtimeId: entry.showtimeId,
    capacityQuantity: entry.quantity,
    ...extra,
  });

/** A showtime's capacity counter lost altogether (the heal pass rebuilds it from the ledger). */
export const loseCapacityCounter = (orgId: string, eventId: string, showtimeId: string) =>
  deleteItem(containers().orgs, orgId, counterId(eventId, showtimeId));

// --- Notifications: produced by other features; seeded through the same `notify` they call ----------------

export const seedNotifications = (orgId: string, notes: NewNotification[]) => notify(orgId, notes);

/** A notification created `ageMs` ago (past its lifetime the list must hide it even before the TTL runs). */
export const seedNotificationCreatedAgo = (orgId: string, note: NewNotification, ageMs: number) =>
  createItem(containers().orgs, buildNotification(orgId, note, Date.now() - ageMs));

// --- Auth: an expired challenge (the embedded store has no TTL, and waiting 15 minutes is no test) ----------

/** Moves the pending login challenge of `email` past its expiry, as if its 15 minutes had run out. */
export async function expireLoginChallenge(email: string) {
  const id = `login-${emailKey(email)}`;
  const doc = await readItem<Doc>(containers().auth, id, id);
  if (!doc) throw new Error(`seed: no login challenge for ${email}`);
  await replaceItem(containers().auth, id, { ...doc, expiresAt: new Date(Date.now() - 1000).toISOString() }, doc._etag);
}

// --- Probe documents for the request pipeline's own test routes ---------------------------------------------

/** `count` documents of docType 'probe' numbered 0.., in a partition of their own. */
export async function seedProbeDocuments(orgId: string, count: number, options: { withOrganization?: boolean } = {}) {
  // A bare organization document, so a super admin's organization scope finds the organization it reads.
  if (options.withOrganization)
    await createItem(containers().orgs, { id: orgId, organizationId: orgId, docType: 'organization' });
  for (let n = 0; n < count; n += 1) {
    await createItem(containers().orgs, { id: `probe-${n}`, organizationId: orgId, docType: 'probe', n });
  }
}

// --- Inspection: what no route shows, read to prove what was (not) written ---------------------------------

/** Every live-or-deleted document of one docType in an organization's partition, as stored. */
export const storedDocuments = <T = any>(orgId: string, docType: string) =>
  queryAll<T>(containers().orgs, orgId, {
    query: 'SELECT * FROM c WHERE c.organizationId = @org AND c.docType = @type',
    parameters: [
      { name: '@org', value: orgId },
      { name: '@type', value: docType },
    ],
  });

/** One document of an organization's partition as stored (internal fields included), or undefined. */
export const storedDocument = <T = any>(orgId: string, id: string) => readItem<T>(containers().orgs, orgId, id);

/** A fingerprint of every document in an organization's partition (ids and ETags): equal means nothing written. */
export async function partitionFingerprint(orgId: string): Promise<string[]> {
  const docs = await queryAll<{ id: string; _etag: string }>(containers().orgs, orgId, {
    query: 'SELECT c.id, c._etag FROM c WHERE c.organizationId = @org',
    parameters: [{ name: '@org', value: orgId }],
  });
  return docs.map((d) => `${d.id}:${d._etag}`).sort();
}

// --- Registrations (direct sales): ages and legacy fields no route writes -----------------------------------

/**
 * A registration created `ageMs` ago (its one-hour window then closes at createdAt + 1 hour): waiting an hour is
 * no test. The history sort key follows, as on any save.
 */
export const seedRegistrationAge = (orgId: string, id: string, ageMs: number) =>
  rewriteOrgDocument(orgId, id, (doc) => {
    const created = Date.now() - ageMs;
    const createdAt = new Date(created).toISOString();
    return {
      ...doc,
      createdAt,
      lockedAt: new Date(created + 60 * 60 * 1000).toISOString(),
      sortKey: orderSortKey({ createdAt, id }),
    };
  });

/** A registration invoiced before the stable actor id existed: the legacy `invoicedBy` holds a display name. */
export const seedLegacyInvoicedRegistration = (
  orgId: string,
  id: string,
  invoice: { invoicedAt: string; invoicedBy: string },
) => rewriteOrgDocument(orgId, id, ({ invoicedById: _id, invoicedByName: _name, ...doc }) => ({ ...doc, ...invoice }));

/**
 * The event as a request that read it just before the sales lock landed saw it: `salesLocked` false while the
 * showtime counters already mirror the lock. Proves the counter refuses the sale in the same conditional patch.
 */
export const seedEventReadBeforeLock = (orgId: string, eventId: string) =>
  rewriteOrgDocument(orgId, eventId, (doc) => ({ ...doc, salesLocked: false }));
// --- Invoicing and reports: registrations are built in another issue -----------------------------------------

/**
 * A live registration (direct sale) as the registrations routes write it (shared/domain/registrations/model.ts),
 * written straight to the store without moving the capacity counter: the invoicing and report figures read the
 * documents, never the counters. Totals follow the lines (03-decisions §6: amount = Σ quantity × unit price, fees
 * apart); `capacityQuantity` = totalQuantity; `sortKey` orders it like an order.
 */
export async function seedRegistration(
  orgId: string,
  partial: Partial<RegistrationDoc> &
    Pick<RegistrationDoc, 'eventId' | 'showtimeId' | 'sellerId' | 'sellerName' | 'tickets'>,
) {
  const id = partial.id ?? randomUUID();
  const createdAt = partial.createdAt ?? nowIso();
  const totals = lineTotals(partial.tickets);
  const doc: RegistrationDoc & { sortKey: string } = {
    docType: 'registration',
    organizationId: orgId,
    eventName: 'Spring Concert',
    totalQuantity: totals.quantity,
    totalAmount: totals.amount,
    totalFees: totals.fees,
    capacityQuantity: totals.quantity,
    lockedAt: new Date(Date.parse(createdAt) + 60 * 60 * 1000).toISOString(),
    updatedAt: createdAt,
    ...partial,
    id,
    createdAt,
    sortKey: `${createdAt}|${id}`,
  };
  await createItem(containers().orgs, doc);
  return doc;
}
// --- Delegated orders (issue 11, partner side): delegations the lifecycle routes will write -----------------

const FULL_BUNDLE = {
  canCreateSales: true,
  canReportSoldReturned: true,
  canViewOwnAttributedReports: true,
  canApproveOwnMemberOrders: true,
};

/**
 * An ACTIVE sales delegation of `eventId` (owned by `ownerOrgId`) to `partnerOrgId`, as invite + accept leave it:
 * the delegation embedded in the owner's event `salesDelegations[]` (02 §2 fields, fixed permission bundle,
 * reverse index synced) and the partner's display index entry in `Organization.delegatedEventSales[]`.
 * `permissions` replaces the bundle (e.g. without `canApproveOwnMemberOrders`, as delegations before v1.2.0).
 * Returns the delegation id.
 */
export async function seedActiveDelegation(
  ownerOrgId: string,
  eventId: string,
  partnerOrgId: string,
  options: { permissions?: Doc } = {},
): Promise<string> {
  const [owner, partner] = await Promise.all([
    readItem<Doc>(containers().orgs, ownerOrgId, ownerOrgId),
    readItem<Doc>(containers().orgs, partnerOrgId, partnerOrgId),
  ]);
  if (!owner || !partner) throw new Error('seed: owner or partner organization missing');
  const id = randomUUID();
  const now = nowIso();
  const delegation = {
    id,
    partnerOrganizationId: partnerOrgId,
    partnerOrganizationName: partner.name,
    status: 'active',
    invitedBy: 'seed-owner-admin',
    invitedByName: 'Seeded Owner Admin',
    invitedAt: now,
    respondedBy: 'seed-partner-admin',
    respondedByName: 'Seeded Partner Admin',
    respondedAt: now,
    permissions: options.permissions ?? FULL_BUNDLE,
    assignmentVersion: 2,
    reverseIndexSyncStatus: 'synced',
    reverseIndexOperationId: randomUUID(),
    reverseIndexTransitionVersion: 2,
    reverseIndexSyncedAt: now,
    reverseIndexSyncAttempts: 2,
  };
  await rewriteOrgDocument(ownerOrgId, eventId, (doc) => ({
    ...doc,
    salesDelegations: [
      ...((doc.salesDelegations as Doc[] | undefined) ?? []).filter((d) => d.partnerOrganizationId !== partnerOrgId),
      delegation,
    ],
  }));
  await rewriteOrgDocument(partnerOrgId, partnerOrgId, (doc) => ({
    ...doc,
    delegatedEventSales: [
      ...((doc.delegatedEventSales as Doc[] | undefined) ?? []).filter((r) => r.eventId !== eventId),
      {
        delegationId: id,
        eventId,
        ownerOrganizationId: ownerOrgId,
        ownerOrganizationName: owner.name,
        status: 'active',
        transitionVersion: 1,
      },
    ],
  }));
  return id;
}

/**
 * Moves the delegation on the OWNER's event to `status` (revoked, with its audit fields) and leaves the partner's
 * index untouched: the stale projection a failed reverse-index sync leaves behind.
 */
export const seedDelegationStatus = (ownerOrgId: string, eventId: string, delegationId: string, status: string) =>
  rewriteOrgDocument(ownerOrgId, eventId, (doc) => ({
    ...doc,
    salesDelegations: ((doc.salesDelegations as Doc[] | undefined) ?? []).map((d) =>
      d.id !== delegationId
        ? d
        : {
            ...d,
            status,
            ...(status === 'revoked'
              ? { revokedBy: 'seed-owner-admin', revokedByName: 'Seeded', revokedAt: nowIso(), revokedReason: 'seed' }
              : {}),
          },
    ),
  }));
// --- Dashboard (issue 10): registrations before their routes land, and printed orders in bulk ------------------

interface SeedEvent {
  id: string;
  name: string;
  showtimes: { showtimeId: string }[];
  ticketTypes: { id: string; name: string; price: number; fee: number }[];
}

/**
 * A live registration (direct sale) as POST /api/registrations writes it (03-decisions §7), taking its seats
 * through the same capacity path, so the capacity summary and the dashboard see the same seats; `invoicedAt`
 * (which the invoice route would set) and a seller who is not the caller are what the route cannot give.
 */
export async function seedRegistrationWithSeats(
  orgId: string,
  event: SeedEvent,
  seller: { id: string; name: string },
  tickets: { ticketTypeId: string; quantity: number }[],
  options: { showtimeId?: string; invoicedAt?: string } = {},
) {
  const { writeWithCapacity } = await import('../../shared/domain/events/capacity/ledger-write');
  const lines = tickets.map((t) => {
    const type = event.ticketTypes.find((x) => x.id === t.ticketTypeId)!;
    return {
      ticketTypeId: type.id,
      ticketTypeName: type.name,
      quantity: t.quantity,
      unitPrice: type.price,
      fee: type.fee,
    };
  });
  const totalQuantity = lines.reduce((sum, l) => sum + l.quantity, 0);
  const cents = (v: number) => Math.round(v * 100);
  const now = nowIso();
  const doc = {
    id: randomUUID(),
    docType: 'registration',
    organizationId: orgId,
    eventId: event.id,
    eventName: event.name,
    showtimeId: options.showtimeId ?? event.showtimes[0].showtimeId,
    tickets: lines,
    totalQuantity,
    totalAmount: lines.reduce((sum, l) => sum + l.quantity * cents(l.unitPrice), 0) / 100,
    totalFees: lines.reduce((sum, l) => sum + l.quantity * cents(l.fee), 0) / 100,
    capacityQuantity: totalQuantity,
    sellerId: seller.id,
    sellerName: seller.name,
    createdAt: now,
    lockedAt: new Date(Date.now() + 3_600_000).toISOString(),
    updatedAt: now,
    ...(options.invoicedAt ? { invoicedAt: options.invoicedAt, invoicedById: seller.id } : {}),
  };
  await writeWithCapacity(
    { id: event.id, organizationId: orgId },
    'registrations',
    undefined,
    { showtimeId: doc.showtimeId, quantity: totalQuantity },
    () => createItem(containers().orgs, doc),
  );
  return doc;
}

/**
 * `count` settled printed orders of one adult ticket each (a valid frozen basis), spread over `sellers`, written
 * straight to the store in transactional batches of 100: volume for the dashboard's store-call budget and timing.
 * They bypass the capacity counters (only the dashboard, which reads the documents, is measured on them).
 */
export async function seedBulkSettledOrders(
  orgId: string,
  event: SeedEvent,
  count: number,
  sellers: { id: string; name: string }[],
) {
  const { commitBatch } = await import('../../shared/store/batch');
  const type = event.ticketTypes[0];
  const now = nowIso();
  const line = { ticketTypeId: type.id, ticketTypeName: type.name, quantity: 1, unitPrice: type.price, fee: type.fee };
  const orderDoc = (n: number) => {
    const seller = sellers[n % sellers.length];
    const id = randomUUID();
    return {
      id,
      docType: 'order',
      organizationId: orgId,
      eventId: event.id,
      eventName: event.name,
      showtimeId: event.showtimes[n % event.showtimes.length].showtimeId,
      requestedBy: seller.id,
      requestedByName: seller.name,
      requestedByEmail: `${seller.id}@example.org`,
      tickets: [line],
      totalQuantity: 1,
      totalAmount: type.price,
      totalFees: type.fee,
      status: 'settled',
      soldQuantity: 1,
      returnedQuantity: 0,
      capacityQuantity: 1,
      invoiceBasis: {
        lines: [{ ...line, amount: type.price }],
        grandTotal: type.price,
        totalFees: type.fee,
        frozenAt: now,
      },
      createdAt: now,
      updatedAt: now,
      sortKey: orderSortKey({ createdAt: now, id }),
    };
  };
  const batches: { create: { id: string } }[][] = [];
  for (let start = 0; start < count; start += 100) {
    batches.push(Array.from({ length: Math.min(100, count - start) }, (_, i) => ({ create: orderDoc(start + i) })));
  }
  for (let i = 0; i < batches.length; i += 4) {
    await Promise.all(batches.slice(i, i + 4).map((writes) => commitBatch(containers().orgs, orgId, writes)));
  }
}
// --- Delegations (issue 11): states the lifecycle routes cannot make on demand ------------------------------

/**
 * Changes fields of one delegation embedded in the owner's event, as time or an interrupted request leaves it:
 * an invitation past its expiry, a sync left pending or failed at an older transition.
 */
export const seedDelegationFields = (ownerOrgId: string, eventId: string, delegationId: string, fields: Doc) =>
  rewriteOrgDocument(ownerOrgId, eventId, (doc) => ({
    ...doc,
    salesDelegations: (doc.salesDelegations as Doc[]).map((d) => (d.id === delegationId ? { ...d, ...fields } : d)),
  }));

/** The partner's reverse index as stored (no route shows it to the partner except filtered by status). */
export const storedDelegatedEventSales = async (partnerOrgId: string) =>
  ((await readItem<Doc>(containers().orgs, partnerOrgId, partnerOrgId))?.delegatedEventSales ?? []) as Doc[];

// --- Shared Events (issue 12): a Shared Event as creation would leave it, for tests of one part at a time ---

/**
 * A Shared Event with its organizer (whose admin `ownerUserId` is its owner) and further roster entries, written
 * straight into its partition; the head document carries two showtimes and two ticket type templates. Routes built
 * in parallel (creation, roster) make the same documents; this lets each part be tested on its own.
 */
export async function seedSharedEvent(options: {
  organizerOrgId: string;
  ownerUserId: string;
  participants?: { organizationId: string; status: string }[];
  status?: string;
  capacityPolicy?: 'pool' | 'quota';
  name?: string;
}) {
  const sharedEventId = randomUUID();
  const now = nowIso();
  const head = {
    id: sharedEventId,
    docType: 'sharedEvent',
    sharedEventId,
    name: options.name ?? 'Joint Festival',
    date: '2027-06-01T18:00:00.000Z',
    showtimes: [
      { showtimeId: randomUUID(), dateTime: '2027-06-01T14:00:00.000Z', label: 'Matinee' },
      { showtimeId: randomUUID(), dateTime: '2027-06-01T19:00:00.000Z', label: 'Evening' },
    ],
    ticketTypeTemplates: [
      { id: randomUUID(), name: 'Adult', price: 30, fee: 2, sortOrder: 1 },
      { id: randomUUID(), name: 'Child', price: 12, fee: 1, sortOrder: 2 },
    ],
    capacityPolicy: options.capacityPolicy ?? 'pool',
    sharedCapacity: { perShowtime: 200 },
    organizerOrgId: options.organizerOrgId,
    status: options.status ?? 'open',
    owners: [{ userId: options.ownerUserId, organizationId: options.organizerOrgId, addedAt: now }],
    grants: [],
    externalChannels: [],
    detailsVersion: 1,
    schemaVersion: 1,
    createdAt: now,
    createdBy: options.ownerUserId,
    updatedAt: now,
  };
  await createItem(containers().sharedEvents, head);
  const roster = [{ organizationId: options.organizerOrgId, status: 'active' }, ...(options.participants ?? [])];
  for (const entry of roster) {
    await createItem(containers().sharedEvents, {
      id: `participant-${entry.organizationId}`,
      docType: 'sharedEventParticipant',
      sharedEventId,
      organizationId: entry.organizationId,
      status: entry.status,
      role: entry.organizationId === options.organizerOrgId ? 'organizer' : 'participant',
      schemaVersion: 1,
    });
  }
  return head;
}

/** Every document of a Shared Event's partition of one docType (what no route shows: audit metadata, hashes). */
export const storedSharedEventDocuments = <T = any>(sharedEventId: string, docType: string) =>
  queryAll<T>(containers().sharedEvents, sharedEventId, {
    query: 'SELECT * FROM c WHERE c.sharedEventId = @id AND c.docType = @type',
    parameters: [
      { name: '@id', value: sharedEventId },
      { name: '@type', value: docType },
    ],
  });

// --- Shared Events: owners, grants and the audit log (issue 12, se-grants) ---------------------------------

/**
 * Audit entries as other Shared Event changes will append them, with `metadata` (which no route may show), written
 * through the area's own append so their ids are the deterministic ones. Timestamps are given so order is known.
 */
export async function seedSharedEventAuditEntries(
  sharedEventId: string,
  entries: {
    action: AuditAction;
    actorUserId: string;
    actorOrganizationId?: string;
    targetOrganizationId?: string;
    targetUserId?: string;
    timestamp: string;
    metadata?: Record<string, unknown>;
  }[],
) {
  for (const [i, e] of entries.entries()) {
    await appendAudit(
      auditEntry({ sharedEventId, ...e, at: e.timestamp, operation: `seed-${i}-${e.timestamp}`, metadata: e.metadata }),
    );
  }
}

/** Moves an organization's roster entry to another status (left, declined, removed) as the roster routes will. */
export async function seedSharedEventParticipantStatus(sharedEventId: string, orgId: string, status: string) {
  const doc = await readItem<Doc>(containers().sharedEvents, sharedEventId, `participant-${orgId}`);
  if (!doc) throw new Error(`seed: ${orgId} is not on the roster of ${sharedEventId}`);
  await replaceItem(containers().sharedEvents, sharedEventId, { ...doc, status }, doc._etag as string);
}

/** The Shared Event head document as stored (grants, owners, internal fields). */
export const storedSharedEventHead = (sharedEventId: string) =>
  readItem<Doc>(containers().sharedEvents, sharedEventId, sharedEventId);
// --- Shared Event invitations (links, pending records, fan-out) ------------------------------------------------

/** Moves an invitation link's expiry into the past (the store never expires items; expiry is checked in code). */
export async function seedInvitationLinkExpired(sharedEventId: string, linkId: string) {
  const doc = await readItem<Doc>(containers().sharedEvents, sharedEventId, linkId);
  if (!doc) throw new Error(`seed: no invitation link ${linkId}`);
  const past = new Date(Date.now() - 60_000).toISOString();
  await replaceItem(containers().sharedEvents, sharedEventId, { ...doc, expiresAt: past }, doc._etag as string);
}

/** Every document of any type in the whole store whose JSON contains `needle` (proves an e-mail was not stored). */
export async function storedDocumentsContaining(needle: string) {
  const hits: unknown[] = [];
  for (const container of [containers().orgs, containers().sharedEvents]) {
    const all = await queryAll<Doc>(container, undefined, { query: 'SELECT * FROM c' });
    hits.push(...all.filter((d) => JSON.stringify(d).toLowerCase().includes(needle.toLowerCase())));
  }
  return hits;
}

/** Every stored document of one docType across every organization partition (fan-out records, notifications). */
export const storedOrgDocumentsAcrossPartitions = <T = any>(docType: string) =>
  queryAll<T>(containers().orgs, undefined, {
    query: 'SELECT * FROM c WHERE c.docType = @type',
    parameters: [{ name: '@type', value: docType }],
  });

// --- Shared Event core (se-core): grants and fingerprints no core route writes ------------------------------

/** Adds a named capability grant to a Shared Event's head (the grant routes are another part of issue 12). */
export async function seedSharedEventGrant(
  sharedEventId: string,
  grant: { userId: string; organizationId: string; capabilities: string[] },
) {
  const doc = await readItem<Doc>(containers().sharedEvents, sharedEventId, sharedEventId);
  if (!doc) throw new Error(`seed: no Shared Event ${sharedEventId}`);
  const grants = [...((doc.grants as Doc[]) ?? []), { ...grant, issuedAt: nowIso(), issuedBy: 'seed' }];
  await replaceItem(containers().sharedEvents, sharedEventId, { ...doc, grants }, doc._etag as string);
}

/** Moves a roster entry to another status now (the leave and remove routes are another part of issue 12). */
export async function seedParticipantStatus(sharedEventId: string, orgId: string, status: string) {
  const id = `participant-${orgId}`;
  const doc = await readItem<Doc>(containers().sharedEvents, sharedEventId, id);
  if (!doc) throw new Error(`seed: no roster entry ${id}`);
  const now = nowIso();
  await replaceItem(containers().sharedEvents, sharedEventId, { ...doc, status, updatedAt: now }, doc._etag as string);
}

/** Sets a roster entry's quotas per showtime (the quota routes are another part of issue 13, se-admin). */
export async function seedParticipantQuotas(
  sharedEventId: string,
  orgId: string,
  quotaByShowtime: Record<string, number>,
) {
  const id = `participant-${orgId}`;
  const doc = await readItem<Doc>(containers().sharedEvents, sharedEventId, id);
  if (!doc) throw new Error(`seed: no roster entry ${id}`);
  await replaceItem(containers().sharedEvents, sharedEventId, { ...doc, quotaByShowtime }, doc._etag as string);
}

/** A fingerprint of every document of a Shared Event's partition (ids and ETags): equal means nothing written. */
export async function sharedEventFingerprint(sharedEventId: string): Promise<string[]> {
  const docs = await queryAll<{ id: string; _etag: string }>(containers().sharedEvents, sharedEventId, {
    query: 'SELECT c.id, c._etag FROM c WHERE c.sharedEventId = @id',
    parameters: [{ name: '@id', value: sharedEventId }],
  });
  return docs.map((d) => `${d.id}:${d._etag}`).sort();
}

/** How many Shared Events exist at all (a creation refused before any write leaves this unchanged). */
export async function sharedEventCount(): Promise<number> {
  const rows = await queryAll<{ id: string }>(containers().sharedEvents, undefined, {
    query: "SELECT c.id FROM c WHERE c.docType = 'sharedEvent'",
  });
  return rows.length;
}

/** Deletes an organization's projection of a Shared Event, as an operator's mistake or a lost write leaves it. */
export const loseSharedEventProjection = (orgId: string, sharedEventId: string) =>
  deleteItem(containers().orgs, orgId, `se-${sharedEventId}`);

/** Marks a projection as carrying a newer details version (what a later, concurrent sync leaves behind). */
export const seedProjectionAhead = (orgId: string, sharedEventId: string, detailsVersion: number, name: string) =>
  rewriteOrgDocument(orgId, `se-${sharedEventId}`, (doc) => ({
    ...doc,
    name,
    sharedEventLink: { ...(doc.sharedEventLink as Doc), detailsVersion },
  }));

// --- Shared Event capacity: time passing and counter drift (issue 13, se-heal) ------------------------------

const CAPACITY_DOC_TYPES = ['sharedCapacityCounter', 'capacityReservation', 'capacityAdjustment'];
const earlier = (at: unknown, ageMs: number) =>
  typeof at === 'string' ? new Date(Date.parse(at) - ageMs).toISOString() : at;

/**
 * "Time passes" for a Shared Event's capacity: every timestamp of its counters, reservations and adjustments
 * (`updatedAt`, `createdAt`, a hold's `expiresAt`) moved `ageMs` into the past, as if its requests had happened
 * that long ago (a hold expires, a counter becomes quiet). Only the documents named in `ids`, when given.
 */
export async function backdateSharedCapacity(sharedEventId: string, ageMs: number, ids?: string[]): Promise<void> {
  for (const docType of CAPACITY_DOC_TYPES) {
    for (const doc of await storedSharedEventDocuments<Doc & { id: string; _etag: string }>(sharedEventId, docType)) {
      if (ids && !ids.includes(doc.id)) continue;
      const moved = { ...doc };
      for (const field of ['updatedAt', 'createdAt', 'expiresAt'])
        if (field in doc) moved[field] = earlier(doc[field], ageMs);
      await replaceItem(containers().sharedEvents, sharedEventId, moved, doc._etag);
    }
  }
}

/**
 * A Shared Event counter moved with no ledger entry behind it (what a reserve that crashed between its counter move
 * and its reservation leaves, or a lost adjustment), through the engine's own conditional increment, stamped now.
 */
export const seedSharedCounterDrift = (
  sharedEventId: string,
  counterId: string,
  increments: { reserved?: number; committed?: number },
) => moveCounter(sharedEventId, counterId, { increments }, new Date().toISOString());

// --- Invariant checker (issue 15): one broken invariant at a time, the way a half write or a hand edit leaves it --

/** Overwrites fields of any document of an organization's partition (ETag-checked like any real write). */
export const seedOrgDocumentFields = (orgId: string, id: string, fields: Doc) =>
  rewriteOrgDocument(orgId, id, (doc) => ({ ...doc, ...fields }));

/** Overwrites fields of any document of a Shared Event's partition (a counter, a reservation). */
export async function seedSharedEventDocumentFields(sharedEventId: string, id: string, fields: Doc) {
  const doc = await readItem<Doc>(containers().sharedEvents, sharedEventId, id);
  if (!doc) throw new Error(`seed: no document ${id} in Shared Event ${sharedEventId}`);
  await replaceItem(containers().sharedEvents, sharedEventId, { ...doc, ...fields, id }, doc._etag as string);
}

/** A raw document written to the organizations container as given (a stray or misplaced write). */
export const seedRawOrgDocument = (doc: Doc & { id: string }) => createItem(containers().orgs, doc);

/** Deletes any document of an organization's partition (a lost write). */
export const loseOrgDocument = (orgId: string, id: string) => deleteItem(containers().orgs, orgId, id);

/** The pending login challenge of `email` as stored (its token and code hashes), or undefined. */
export async function storedLoginChallenge(email: string) {
  const id = `login-${emailKey(email)}`;
  return readItem<Doc>(containers().auth, id, id);
}

/** Forgets every rate-limit bucket, as a new window would (tests that make more calls than a limit allows). */
export async function resetRateLimits() {
  const buckets = await queryAll<{ id: string }>(containers().auth, undefined, {
    query: "SELECT c.id FROM c WHERE c.docType = 'rateBucket'",
  });
  for (const bucket of buckets) await deleteItem(containers().auth, bucket.id, bucket.id);
}
