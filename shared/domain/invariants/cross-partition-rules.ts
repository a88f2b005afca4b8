import { recomputeCounter } from '../shared-events/capacity/reconcile-rules';
import type { Doc, Violation } from './rules';

/**
 * The invariants that span partitions (delegation reverse index, partition ownership) and the Shared Event capacity
 * ledger, pure like rules.ts.
 */

const live = (d: Doc) => !d.deletedAt;

/**
 * The owner's delegation is the authority and the partner's `delegatedEventSales[]` follows it (docs/decisions.md):
 * for the latest delegation of each partner on each event, a transition marked synced has the partner's entry
 * showing it; one still pending or failed is the window the heal pass closes; an entry naming a delegation the
 * owner does not hold is an orphan.
 */
export function delegationViolations(orgs: Map<string, Doc[]>): Violation[] {
  const found: Violation[] = [];
  const organizations = new Map<string, Doc>();
  for (const [orgId, docs] of orgs) {
    const org = docs.find((d) => d.docType === 'organization' && d.id === orgId);
    if (org) organizations.set(orgId, org);
  }
  const delegationsByEvent = new Map<string, { ownerId: string; delegations: Doc[] }>();
  for (const [ownerId, docs] of orgs) {
    for (const event of docs.filter((d) => d.docType === 'event' && live(d))) {
      const delegations = (event.salesDelegations ?? []) as Doc[];
      if (!delegations.length) continue;
      delegationsByEvent.set(event.id, { ownerId, delegations });
      for (const latest of latestPerPartner(delegations)) {
        const partner = organizations.get(String(latest.partnerOrganizationId));
        if (!partner || partner.deletedAt) continue;
        const ref = ((partner.delegatedEventSales ?? []) as Doc[]).find((r) => r.eventId === event.id);
        const where = { eventId: event.id, delegationId: latest.id, partnerOrganizationId: partner.id };
        if (latest.reverseIndexSyncStatus !== 'synced') {
          found.push({
            rule: 'delegationReverseIndexConverges',
            partition: ownerId,
            documentId: event.id,
            message: `the partner index of delegation ${latest.id} is ${latest.reverseIndexSyncStatus}`,
            healable: true,
            details: where,
          });
        } else if (!ref || ref.delegationId !== latest.id || ref.status !== latest.status) {
          found.push({
            rule: 'delegationReverseIndexConverges',
            partition: partner.id,
            documentId: partner.id,
            message: `delegation ${latest.id} is marked synced but the partner index shows ${ref ? `${ref.delegationId} ${ref.status}` : 'nothing'}`,
            healable: false,
            details: { ...where, expected: latest.status, found: ref ?? null },
          });
        }
      }
    }
  }
  for (const [partnerId, org] of organizations) {
    for (const ref of (org.delegatedEventSales ?? []) as Doc[]) {
      const owner = delegationsByEvent.get(String(ref.eventId));
      const held = owner?.delegations.some((d) => d.id === ref.delegationId && d.partnerOrganizationId === partnerId);
      if (held && owner?.ownerId === ref.ownerOrganizationId) continue;
      found.push({
        rule: 'delegationReverseIndexConverges',
        partition: partnerId,
        documentId: partnerId,
        message: `the partner index names delegation ${ref.delegationId} that the owner's event does not hold`,
        healable: false,
        details: { eventId: ref.eventId, ownerOrganizationId: ref.ownerOrganizationId },
      });
    }
  }
  return found;
}

function latestPerPartner(delegations: Doc[]): Doc[] {
  const latest = new Map<string, Doc>();
  for (const d of delegations) {
    const seen = latest.get(d.partnerOrganizationId);
    const version = (x: Doc | undefined) => x?.reverseIndexTransitionVersion ?? -1;
    if (!seen || version(d) >= version(seen)) latest.set(d.partnerOrganizationId, d);
  }
  return [...latest.values()];
}

/**
 * Every Shared Event counter equals its ledger: reserved = Σ held reservations, committed = Σ committed
 * reservations + Σ adjustments, reconciliation adjustments excluded (they record a repair of the counter, not a
 * sale: docs/shared-events.md "Capacity protocol"). The protocol moves the counter before the ledger on a take and
 * after it on a give-back, so a counter whose reserved + committed is at or above its ledger's is a window the heal
 * pass repairs; below it, seats could be sold twice, never accepted.
 */
export function sharedCounterViolations(sharedEventId: string, docs: Doc[]): Violation[] {
  const reservations = docs
    .filter((d) => d.docType === 'capacityReservation')
    .map((r) => ({ counterId: String(r.counterId), quantity: Number(r.quantity ?? 0), state: r.state }));
  const adjustments = docs
    .filter((d) => d.docType === 'capacityAdjustment' && d.kind !== 'reconciliation')
    .map((a) => ({ counterId: String(a.counterId), signedDelta: Number(a.signedDelta ?? 0) }));
  const found: Violation[] = [];
  for (const counter of docs.filter((d) => d.docType === 'sharedCapacityCounter')) {
    const ledger = recomputeCounter(counter.id, reservations, adjustments);
    if (counter.reserved === ledger.reserved && counter.committed === ledger.committed) continue;
    const above = counter.reserved + counter.committed >= ledger.reserved + ledger.committed;
    found.push({
      rule: 'sharedCounterEqualsLedger',
      partition: sharedEventId,
      documentId: counter.id,
      message: `counter ${counter.id} is ${above ? 'above' : 'below'} its ledger`,
      healable: above,
      details: {
        counter: { reserved: counter.reserved, committed: counter.committed },
        ledger,
        excess: counter.reserved + counter.committed - ledger.reserved - ledger.committed,
      },
    });
  }
  return found;
}

/** Documents of an organization partition that must name an event of the same partition. */
const EVENT_BOUND = ['order', 'registration', 'externalSale', 'freeTicket', 'capacityCounter', 'allocation', 'pledge'];

/**
 * Every document lives in the partition of what it belongs to: an organization partition holds its organization
 * document and documents naming that organization, whose event (when they name one) is in the same partition; a
 * Shared Event partition holds its head and documents naming that Shared Event.
 */
export function partitionViolations(orgs: Map<string, Doc[]>, sharedEvents: Map<string, Doc[]>): Violation[] {
  const found: Violation[] = [];
  const add = (partition: string, documentId: string, message: string) =>
    found.push({ rule: 'partitionKeyMatchesOwner', partition, documentId, message, healable: false });
  for (const [orgId, docs] of orgs) {
    // A keyed organization create that was refused before its write keeps its answer in the partition its key
    // names (docs/decisions/api-contract.md): a key record alone names nothing and expires in 24 hours.
    if (docs.every((d) => d.docType === 'idempotencyKey')) continue;
    const events = new Set(docs.filter((d) => d.docType === 'event').map((d) => d.id));
    if (!docs.some((d) => d.docType === 'organization' && d.id === orgId))
      add(orgId, orgId, 'the partition has no organization document');
    for (const doc of docs) {
      if (doc.docType === 'organization' && doc.id !== orgId)
        add(orgId, doc.id, 'an organization document outside its own partition');
      if (EVENT_BOUND.includes(doc.docType ?? '') && doc.eventId !== undefined && !events.has(doc.eventId))
        add(orgId, doc.id, `names event ${doc.eventId}, which is not in this partition`);
    }
  }
  for (const [sharedEventId, docs] of sharedEvents) {
    // An idempotency key record lies where its request pointed (a keyed direct add answered 404 for a Shared Event
    // that does not exist, a keyed Shared Event create refused before its write): it names nothing and expires in
    // 24 hours (docs/decisions/api-contract.md).
    if (docs.every((d) => d.docType === 'idempotencyKey')) continue;
    if (!docs.some((d) => d.docType === 'sharedEvent' && d.id === sharedEventId))
      add(sharedEventId, sharedEventId, 'the Shared Event partition has no head document');
  }
  return found;
}
