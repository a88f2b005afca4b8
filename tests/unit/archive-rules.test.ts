import { domainErrorWith } from '../helpers/domain-errors';
import fc from 'fast-check';
import {
  applyArchiveDecision,
  archiveBlockers,
  assertMayOverride,
  blockedError,
  decideArchive,
  isArchiveEligible,
  previewArchive,
} from '../../shared/domain/archive/rules';
import { freezeInvoiceBasis } from '../../shared/domain/orders/invoice-basis';
import type { OrderDoc, OrderStatus } from '../../shared/domain/orders/model';

const tickets = [
  { ticketTypeId: 'a', ticketTypeName: 'A', quantity: 3, unitPrice: 25, fee: 1 },
  { ticketTypeId: 'c', ticketTypeName: 'C', quantity: 2, unitPrice: 10, fee: 0 },
];

function order(status: OrderStatus, extra: Partial<OrderDoc> = {}): OrderDoc {
  const base: OrderDoc = {
    id: 'o1',
    docType: 'order',
    organizationId: 'org',
    eventId: 'e',
    eventName: 'E',
    showtimeId: 's',
    requestedBy: 'u',
    requestedByName: 'U',
    requestedByEmail: 'u@x.org',
    tickets,
    totalQuantity: 5,
    totalAmount: 95,
    totalFees: 3,
    status,
    capacityQuantity: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  if (status !== 'settled') return { ...base, ...extra };
  const sold = { ...base, soldQuantity: 5, returnedQuantity: 0 };
  return { ...sold, invoiceBasis: freezeInvoiceBasis(sold, '2026-01-02T00:00:00.000Z'), ...extra };
}

const invoiced = { invoicedAt: '2026-01-03T00:00:00.000Z' };
const delegated = { soldByOrganizationId: 'partner-org' };
const badBasis = (o: OrderDoc): Partial<OrderDoc> => ({ invoiceBasis: { ...o.invoiceBasis!, grandTotal: 1 } });
const actor = { id: 'admin-1', name: 'Ada', at: '2026-02-01T00:00:00.000Z' };

describe('archive blockers and eligibility', () => {
  it('never blocks a cancelled order and makes it eligible', () => {
    expect(archiveBlockers(order('cancelled'))).toEqual([]);
    expect(isArchiveEligible(order('cancelled'))).toBe(true);
  });

  it('blocks a settled order without an invoice, unless it is delegated', () => {
    expect(archiveBlockers(order('settled'))).toEqual(['invoicePrerequisite']);
    expect(isArchiveEligible(order('settled'))).toBe(false);
    expect(archiveBlockers(order('settled', invoiced))).toEqual([]);
    expect(isArchiveEligible(order('settled', invoiced))).toBe(true);
    expect(archiveBlockers(order('settled', delegated))).toEqual([]);
    expect(isArchiveEligible(order('settled', delegated))).toBe(true);
  });

  it('blocks an invalid or missing frozen basis, delegated or not, and reports both blockers together', () => {
    const s = order('settled');
    expect(archiveBlockers(order('settled', { ...invoiced, ...badBasis(s) }))).toEqual(['invalidInvoiceBasis']);
    expect(archiveBlockers(order('settled', { ...delegated, ...badBasis(s) }))).toEqual(['invalidInvoiceBasis']);
    expect(archiveBlockers(order('settled', { ...invoiced, invoiceBasis: undefined }))).toEqual([
      'invalidInvoiceBasis',
    ]);
    expect(archiveBlockers(order('settled', badBasis(s)))).toEqual(['invoicePrerequisite', 'invalidInvoiceBasis']);
  });

  it('keeps a fully returned order with its empty basis eligible once invoiced', () => {
    const returned = { ...order('cancelled'), status: 'settled' as const, soldQuantity: 0, returnedQuantity: 5 };
    const settled = { ...returned, invoiceBasis: freezeInvoiceBasis(returned, actor.at), ...invoiced };
    expect(isArchiveEligible(settled)).toBe(true);
  });

  it('excludes open, deleted and already archived orders', () => {
    for (const status of ['pending', 'approved', 'delivered', 'awaitingReconciliation'] as const)
      expect(isArchiveEligible(order(status))).toBe(false);
    expect(isArchiveEligible(order('cancelled', { deletedAt: actor.at }))).toBe(false);
    expect(isArchiveEligible(order('cancelled', { archived: true }))).toBe(false);
    expect(isArchiveEligible(order('cancelled', { archived: false }))).toBe(true);
  });
});

describe('preview aggregation', () => {
  it('counts eligible orders per status and each blocker on its own', () => {
    const s = order('settled');
    const preview = previewArchive([
      order('cancelled'),
      order('cancelled'),
      order('settled', invoiced),
      order('settled', delegated),
      order('settled'),
      order('settled', { ...invoiced, ...badBasis(s) }),
      order('settled', badBasis(s)),
      order('pending'),
      order('cancelled', { archived: true }),
      order('settled', { ...invoiced, deletedAt: actor.at }),
    ]);
    expect(preview).toEqual({
      eligibleCount: 4,
      statusBreakdown: { cancelled: 2, settled: 2 },
      blockedSettledUninvoiced: 2,
      blockedInvalidInvoiceBasis: 2,
    });
  });

  it('agrees with isArchiveEligible for any mix of orders', () => {
    const s = order('settled');
    const variants = [
      order('cancelled'),
      order('settled'),
      order('settled', invoiced),
      order('settled', delegated),
      order('settled', badBasis(s)),
      order('approved'),
      order('cancelled', { archived: true }),
      order('settled', { ...invoiced, deletedAt: actor.at }),
    ];
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: variants.length - 1 }), { maxLength: 40 }), (picks) => {
        const orders = picks.map((i) => variants[i]);
        const preview = previewArchive(orders);
        expect(preview.eligibleCount).toBe(orders.filter(isArchiveEligible).length);
        expect(preview.statusBreakdown.cancelled + preview.statusBreakdown.settled).toBe(preview.eligibleCount);
      }),
    );
  });
});

describe('single archive decision', () => {
  it('archives an eligible order, refuses open states and repeats nothing', () => {
    expect(decideArchive(order('cancelled'), { archived: true })).toEqual({ kind: 'archive', overridden: [] });
    expect(decideArchive(order('cancelled', { archived: true }), { archived: true })).toEqual({ kind: 'unchanged' });
    expect(decideArchive(order('cancelled'), { archived: false })).toEqual({ kind: 'unchanged' });
    for (const status of ['pending', 'approved', 'delivered', 'awaitingReconciliation'] as const) {
      expect(() => decideArchive(order(status), { archived: true, override: { confirmed: true } })).toThrow(
        domainErrorWith(409, { code: 'INVALID_ORDER_STATE' }),
      );
    }
  });

  it('refuses a blocked order without override; INVALID_INVOICE_BASIS wins when both block', () => {
    const s = order('settled');
    expect(() => decideArchive(s, { archived: true })).toThrow(expect.objectContaining({ code: 'INVOICE_REQUIRED' }));
    expect(() => decideArchive(order('settled', badBasis(s)), { archived: true })).toThrow(
      domainErrorWith(409, {
        code: 'INVALID_INVOICE_BASIS',
        data: { blockers: ['invoicePrerequisite', 'invalidInvoiceBasis'] },
      }),
    );
    expect(blockedError(['invoicePrerequisite']).data).toEqual({ blockers: ['invoicePrerequisite'] });
  });

  it('lets an override archive a blocked order and records the exact blockers', () => {
    const s = order('settled');
    const decision = decideArchive(order('settled', badBasis(s)), { archived: true, override: { confirmed: true } });
    expect(decision).toEqual({ kind: 'archive', overridden: ['invoicePrerequisite', 'invalidInvoiceBasis'] });
    const archived = applyArchiveDecision(s, decision, actor);
    expect(archived).toMatchObject({ archived: true, archivedAt: actor.at, archivedBy: actor.id });
    expect(archived.archiveOverride).toEqual({
      overriddenBy: actor.id,
      overriddenByName: 'Ada',
      overriddenAt: actor.at,
      archivedAt: actor.at,
      blockers: ['invoicePrerequisite', 'invalidInvoiceBasis'],
    });
  });

  it('keeps the override evidence through unarchive and clears the archive state', () => {
    const s = order('settled');
    const archived = applyArchiveDecision(s, { kind: 'archive', overridden: ['invoicePrerequisite'] }, actor);
    const decision = decideArchive(archived, { archived: false });
    expect(decision).toEqual({ kind: 'unarchive' });
    const back = applyArchiveDecision(archived, decision, { ...actor, at: '2026-03-01T00:00:00.000Z' });
    expect(back.archived).toBe(false);
    expect(back).not.toHaveProperty('archivedAt');
    expect(back).not.toHaveProperty('archivedBy');
    expect(back.archiveOverride).toEqual(archived.archiveOverride);
    // The gating applies again after unarchive.
    expect(() => decideArchive(back, { archived: true })).toThrow(
      expect.objectContaining({ code: 'INVOICE_REQUIRED' }),
    );
  });

  it('records no evidence when an override had nothing to set aside', () => {
    const archived = applyArchiveDecision(order('cancelled'), { kind: 'archive', overridden: [] }, actor);
    expect(archived).not.toHaveProperty('archiveOverride');
  });

  it('forbids the override to anyone who may not use it', () => {
    expect(() => assertMayOverride({ archived: true, override: { confirmed: true } }, false)).toThrow(
      domainErrorWith(403, { code: 'ARCHIVE_OVERRIDE_FORBIDDEN' }),
    );
    expect(() => assertMayOverride({ archived: true }, false)).not.toThrow();
    expect(() => assertMayOverride({ archived: true, override: { confirmed: true } }, true)).not.toThrow();
  });
});
