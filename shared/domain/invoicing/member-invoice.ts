import type { Principal } from '../users/principal';
import { conflict, notFound } from '../../errors';
import { isNotFound, isPreconditionFailed, type Stored } from '../../store/outcomes';
import { logError } from '../../telemetry/telemetry';
import { actorOf, type Actor } from '../users/actor';
import { assertLiveEvent } from '../events/live-event';
import { getEvent } from '../events/repo';
import { getMembership } from '../memberships/repo';
import type { OrderDoc } from '../orders/model';
import { saveOrder } from '../orders/repo';
import type { RegistrationDoc } from '../registrations/model';
import { replaceRegistration } from '../registrations/repo';
import { memberInvoiceDocuments } from './repo';
import { deliverIssuedInvoice } from './invoice-delivery';
import type { InvoicePaymentDoc } from './payment-model';
import {
  invoiceActionOf,
  invoicedOrder,
  invoicedRegistration,
  planOrder,
  planRegistration,
  tallyResults,
  type InvoiceAction,
  type InvoiceRequest,
  type RecordPlan,
  type RecordResult,
} from './rules';
import { memberInvoiceSummary, orderStanding, registrationStanding } from './summary';

/** Writes of one run in flight at once: parallel enough for a member's season, gentle on the store. */
const WRITE_CONCURRENCY = 8;

type MemberRecord =
  { recordKind: 'order'; doc: Stored<OrderDoc> } | { recordKind: 'registration'; doc: Stored<RegistrationDoc> };

/**
 * PUT management/members/{userId}/invoice/{eventId}. Reads: the event, the member's membership and one query of
 * the member's orders and registrations for the event, in parallel. Then one ETag-conditional replace per record
 * that needs it. A record changed since it was read (412, or gone) is a `conflict` and is not retried: repeating
 * the request decides on it again (an explicit request converges). Any other write failure is `failed`. A
 * conflict or failure answers 207 with `completed: false`, keeping the updates that landed. An issue that
 * updated a record and completed e-mails the member the invoice PDF (two more reads: organization and user);
 * `invoiceEmailed` says whether it went out.
 */
export async function invoiceMemberForEvent(
  principal: Principal,
  organizationId: string,
  userId: string,
  eventId: string,
  request: InvoiceRequest,
) {
  const [event, membership, docs] = await Promise.all([
    getEvent(organizationId, eventId),
    getMembership(organizationId, userId),
    memberInvoiceDocuments(organizationId, eventId, userId),
  ]);
  assertLiveEvent(event);
  // A former member with records for the event can still be invoiced; a stranger to the organization cannot.
  if (!membership && docs.length === 0) throw notFound('Member');

  const records: MemberRecord[] = [];
  const payments: InvoicePaymentDoc[] = [];
  let partnerSold = 0;
  for (const doc of docs) {
    if (doc.docType === 'invoicePayment') payments.push(doc);
    else if (doc.docType === 'registration') {
      if (doc.sellerId === userId) records.push({ recordKind: 'registration', doc });
    } else if (doc.soldByOrganizationId !== undefined) partnerSold += 1;
    else if (doc.requestedBy === userId) records.push({ recordKind: 'order', doc });
  }
  if (records.length === 0 && partnerSold > 0) {
    throw conflict(
      "The member's orders for this event are partner-sold: they are settled with the partner organization, never invoiced to the member",
    );
  }

  const action = invoiceActionOf(request, records.map(standingOf));
  const actor = actorOf(principal);
  const results = await mapWithConcurrency(records, WRITE_CONCURRENCY, (record) => runRecord(record, action, actor));
  const tally = tallyResults(results.flatMap((r) => (r.result ? [r.result] : [])));
  // An issue that changed the invoice, with every record known, sends the member the PDF (invoice-delivery.ts).
  const emailed =
    action === 'issue' && tally.counters.updated > 0 && tally.completed
      ? await deliverIssuedInvoice({
          organizationId,
          event,
          userId,
          ...recordsAfter(results.map((r) => r.after)),
          payments,
        })
      : undefined;
  const data = {
    userId,
    eventId,
    action,
    ...tally.counters,
    byKind: tally.byKind,
    completed: tally.completed,
    // Exact only when every record is known: after a conflict or failure the state of those records is not.
    ...(tally.completed ? { invoiceSummary: memberInvoiceSummary(results.map((r) => standingOf(r.after))) } : {}),
    ...(tally.incomplete.length > 0 ? { incomplete: tally.incomplete } : {}),
    ...(emailed !== undefined ? { invoiceEmailed: emailed } : {}),
  };
  // The route answers 200 with `completed: true`, or 207 when some record was not applied.
  return data;
}

function recordsAfter(records: MemberRecord[]) {
  const orders: OrderDoc[] = [];
  const registrations: RegistrationDoc[] = [];
  for (const record of records) {
    if (record.recordKind === 'order') orders.push(record.doc);
    else registrations.push(record.doc);
  }
  return { orders, registrations };
}

const standingOf = (record: MemberRecord) =>
  record.recordKind === 'order' ? orderStanding(record.doc) : registrationStanding(record.doc);

const planOf = (record: MemberRecord, action: InvoiceAction): RecordPlan =>
  record.recordKind === 'order' ? planOrder(record.doc, action) : planRegistration(record.doc, action);

/**
 * One record: its outcome (none for an order that plays no part in invoicing: pending, approved, cancelled), and
 * the record as it stands after the run (for the summary).
 */
async function runRecord(
  record: MemberRecord,
  action: InvoiceAction,
  actor: Actor,
): Promise<{ result?: RecordResult; after: MemberRecord }> {
  const base = { recordKind: record.recordKind, id: record.doc.id };
  const plan = planOf(record, action);
  if (plan.kind === 'skip') return { after: record };
  if (plan.kind === 'outcome') {
    return {
      result: { ...base, outcome: plan.outcome, ...(plan.reason ? { reason: plan.reason } : {}) },
      after: record,
    };
  }
  try {
    const after: MemberRecord =
      record.recordKind === 'order'
        ? { recordKind: 'order', doc: await saveOrder(invoicedOrder(record.doc, action, actor), record.doc) }
        : {
            recordKind: 'registration',
            doc: await replaceRegistration(invoicedRegistration(record.doc, action, actor), record.doc),
          };
    return { result: { ...base, outcome: 'updated' }, after };
  } catch (error) {
    if (isPreconditionFailed(error) || isNotFound(error)) {
      return { result: { ...base, outcome: 'conflict', reason: 'changed' }, after: record };
    }
    logError(error, { operation: 'member-invoice-write', recordKind: record.recordKind });
    return { result: { ...base, outcome: 'failed', reason: 'writeFailed' }, after: record };
  }
}

async function mapWithConcurrency<T, R>(items: T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      out[index] = await run(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
