import type { Actor } from '../users/actor';
import type { OrderDoc } from '../orders/model';
import type { RegistrationDoc } from '../registrations/model';
import { memberInvoiceSummary, orderStanding, registrationStanding, type InvoiceStanding } from './summary';

/**
 * The member-and-event invoice run (docs/decisions/sales.md "Dashboard and invoicing") as pure rules: which way a request goes
 * (explicit or the legacy toggle), what each record needs, how a record reads once issued or cleared, and the
 * counters of the answer.
 */
export type InvoiceAction = 'issue' | 'clear';

/** Aggregate and per-kind counters, in the spec's words. */
export const INVOICE_OUTCOMES = ['updated', 'unchanged', 'conflict', 'unresolved', 'invalid', 'failed'] as const;
export type InvoiceOutcome = (typeof INVOICE_OUTCOMES)[number];
export type InvoiceCounters = Record<InvoiceOutcome, number>;

export type InvoiceRecordKind = 'order' | 'registration';

/** Why a record was not brought to the target state although the run tried (the answer lists these). */
export type IncompleteReason = 'archived' | 'changed' | 'writeFailed';

export interface InvoiceRequest {
  invoiced?: boolean;
}

/**
 * `{ invoiced: true }` issues and `{ invoiced: false }` clears. The empty body is the legacy toggle: it clears when
 * every eligible record is already invoiced (blockers notwithstanding), otherwise it issues (also when nothing is
 * eligible: there is then nothing to clear).
 */
export function invoiceActionOf(request: InvoiceRequest, standings: InvoiceStanding[]): InvoiceAction {
  if (request.invoiced !== undefined) return request.invoiced ? 'issue' : 'clear';
  return memberInvoiceSummary(standings).allEligibleInvoiced ? 'clear' : 'issue';
}

/** What one record needs: a write, a settled outcome with no write, or nothing at all (not part of invoicing). */
export type RecordPlan =
  | { kind: 'write' }
  | { kind: 'outcome'; outcome: Exclude<InvoiceOutcome, 'updated' | 'failed'>; reason?: IncompleteReason }
  | { kind: 'skip' };

/**
 * One record against the action. Unresolved and invalid-basis orders are counted and never touched; an eligible
 * record already in the target state is `unchanged`. An archived settled order counts when issuing, but it must
 * be unarchived before its invoice is cleared: clearing an invoiced archived order is refused for that record
 * and counted as a `conflict` (reason `archived`), so the run answers 207 and names it.
 */
export function planRecord(standing: InvoiceStanding, action: InvoiceAction, archived: boolean): RecordPlan {
  if (standing.kind === 'none') return { kind: 'skip' };
  if (standing.kind === 'unresolved') return { kind: 'outcome', outcome: 'unresolved' };
  if (standing.kind === 'invalid') return { kind: 'outcome', outcome: 'invalid' };
  const target = action === 'issue';
  if (standing.invoiced === target) return { kind: 'outcome', outcome: 'unchanged' };
  if (!target && archived) return { kind: 'outcome', outcome: 'conflict', reason: 'archived' };
  return { kind: 'write' };
}

export const planOrder = (order: OrderDoc, action: InvoiceAction) =>
  planRecord(orderStanding(order), action, order.archived === true);

export const planRegistration = (registration: RegistrationDoc, action: InvoiceAction) =>
  planRecord(registrationStanding(registration), action, false);

/** Orders record the invoicing actor's stable id in `invoicedBy` and the display name in `invoicedByName`. */
export function invoicedOrder<T extends OrderDoc>(order: T, action: InvoiceAction, actor: Actor): T {
  const { invoicedAt: _at, invoicedBy: _by, invoicedByName: _name, ...rest } = order;
  if (action === 'clear') return rest as T;
  return { ...rest, invoicedAt: actor.at, invoicedBy: actor.id, invoicedByName: actor.name } as T;
}

/**
 * Registrations record `invoicedById` and `invoicedByName`; the legacy `invoicedBy` (a display name of an older
 * invoicing) goes with any change, so a record never carries two different actors.
 */
export function invoicedRegistration<T extends RegistrationDoc>(
  registration: T,
  action: InvoiceAction,
  actor: Actor,
): T {
  const { invoicedAt: _at, invoicedById: _id, invoicedByName: _name, invoicedBy: _legacy, ...rest } = registration;
  const changed = { ...rest, updatedAt: actor.at, updatedBy: actor.id };
  if (action === 'clear') return changed as T;
  return { ...changed, invoicedAt: actor.at, invoicedById: actor.id, invoicedByName: actor.name } as T;
}

export const emptyCounters = (): InvoiceCounters => ({
  updated: 0,
  unchanged: 0,
  conflict: 0,
  unresolved: 0,
  invalid: 0,
  failed: 0,
});

export interface RecordResult {
  recordKind: InvoiceRecordKind;
  id: string;
  outcome: InvoiceOutcome;
  reason?: IncompleteReason;
}

export interface InvoiceTally {
  counters: InvoiceCounters;
  byKind: { orders: InvoiceCounters; registrations: InvoiceCounters };
  /** Records left short of the target state (conflict or failed), so the client knows what to look at. */
  incomplete: { recordKind: InvoiceRecordKind; id: string; outcome: 'conflict' | 'failed'; reason: IncompleteReason }[];
  /** True only with no conflict and no write failure. */
  completed: boolean;
}

/** The aggregate counters are the sums of the per-kind ones. */
export function tallyResults(results: RecordResult[]): InvoiceTally {
  const counters = emptyCounters();
  const byKind = { orders: emptyCounters(), registrations: emptyCounters() };
  const incomplete: InvoiceTally['incomplete'] = [];
  for (const result of results) {
    counters[result.outcome] += 1;
    byKind[result.recordKind === 'order' ? 'orders' : 'registrations'][result.outcome] += 1;
    if (result.outcome === 'conflict' || result.outcome === 'failed') {
      incomplete.push({
        recordKind: result.recordKind,
        id: result.id,
        outcome: result.outcome,
        reason: result.reason ?? (result.outcome === 'conflict' ? 'changed' : 'writeFailed'),
      });
    }
  }
  return { counters, byKind, incomplete, completed: counters.conflict === 0 && counters.failed === 0 };
}
