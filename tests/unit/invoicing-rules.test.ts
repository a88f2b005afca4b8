import {
  invoiceActionOf,
  invoicedOrder,
  invoicedRegistration,
  planRecord,
  tallyResults,
  type RecordResult,
} from '../../shared/domain/invoicing/rules';
import type { InvoiceStanding } from '../../shared/domain/invoicing/summary';
import type { OrderDoc } from '../../shared/domain/orders/model';
import type { RegistrationDoc } from '../../shared/domain/registrations/model';

const eligible = (invoiced: boolean): InvoiceStanding => ({ kind: 'eligible', invoiced, amountCents: 100 });
const actor = { id: 'u-1', name: 'Tina', at: '2026-02-01T00:00:00.000Z' };

describe('invoiceActionOf', () => {
  it('follows an explicit body whatever the records say', () => {
    expect(invoiceActionOf({ invoiced: true }, [eligible(true)])).toBe('issue');
    expect(invoiceActionOf({ invoiced: false }, [eligible(false)])).toBe('clear');
  });

  it('toggles: clears only when every eligible record is invoiced, blockers notwithstanding', () => {
    expect(invoiceActionOf({}, [eligible(true), eligible(true), { kind: 'unresolved' }, { kind: 'invalid' }])).toBe(
      'clear',
    );
    expect(invoiceActionOf({}, [eligible(true), eligible(false)])).toBe('issue');
    expect(invoiceActionOf({}, [])).toBe('issue');
    expect(invoiceActionOf({}, [{ kind: 'unresolved' }, { kind: 'none' }])).toBe('issue');
  });
});

describe('planRecord', () => {
  it('counts blockers, leaves the target state unchanged, writes the rest', () => {
    expect(planRecord({ kind: 'none' }, 'issue', false)).toEqual({ kind: 'skip' });
    expect(planRecord({ kind: 'unresolved' }, 'clear', false)).toEqual({ kind: 'outcome', outcome: 'unresolved' });
    expect(planRecord({ kind: 'invalid' }, 'issue', false)).toEqual({ kind: 'outcome', outcome: 'invalid' });
    expect(planRecord(eligible(true), 'issue', false)).toEqual({ kind: 'outcome', outcome: 'unchanged' });
    expect(planRecord(eligible(false), 'clear', true)).toEqual({ kind: 'outcome', outcome: 'unchanged' });
    expect(planRecord(eligible(false), 'issue', false)).toEqual({ kind: 'write' });
    expect(planRecord(eligible(true), 'clear', false)).toEqual({ kind: 'write' });
  });

  it('issues an archived order but refuses to clear one (conflict, archived)', () => {
    expect(planRecord(eligible(false), 'issue', true)).toEqual({ kind: 'write' });
    expect(planRecord(eligible(true), 'clear', true)).toEqual({
      kind: 'outcome',
      outcome: 'conflict',
      reason: 'archived',
    });
  });
});

describe('the invoice fields', () => {
  const order = { id: 'o', status: 'settled', invoicedAt: 'x', invoicedBy: 'y', invoicedByName: 'z' } as OrderDoc;
  const registration = { id: 'r', invoicedBy: 'Old Name' } as RegistrationDoc;

  it('orders: stable id in invoicedBy, name in invoicedByName; clearing leaves the fields absent', () => {
    expect(invoicedOrder(order, 'issue', actor)).toMatchObject({
      invoicedAt: actor.at,
      invoicedBy: 'u-1',
      invoicedByName: 'Tina',
    });
    expect(Object.keys(invoicedOrder(order, 'clear', actor)).sort()).toEqual(['id', 'status']);
  });

  it('registrations: invoicedById and invoicedByName; the legacy actor field goes with any change', () => {
    const issued = invoicedRegistration(registration, 'issue', actor);
    expect(issued).toMatchObject({ invoicedAt: actor.at, invoicedById: 'u-1', invoicedByName: 'Tina' });
    expect(issued).not.toHaveProperty('invoicedBy');
    const cleared = invoicedRegistration(issued, 'clear', actor);
    for (const field of ['invoicedAt', 'invoicedById', 'invoicedByName', 'invoicedBy'])
      expect(cleared).not.toHaveProperty(field);
    expect(cleared).toMatchObject({ updatedAt: actor.at, updatedBy: 'u-1' });
  });
});

describe('tallyResults', () => {
  it('sums the per-kind counters into the aggregate; completed only without conflict or failure', () => {
    const results: RecordResult[] = [
      { recordKind: 'order', id: 'a', outcome: 'updated' },
      { recordKind: 'order', id: 'b', outcome: 'conflict', reason: 'archived' },
      { recordKind: 'registration', id: 'c', outcome: 'updated' },
      { recordKind: 'registration', id: 'd', outcome: 'failed' },
      { recordKind: 'order', id: 'e', outcome: 'invalid' },
    ];
    const tally = tallyResults(results);
    expect(tally.counters).toEqual({ updated: 2, unchanged: 0, conflict: 1, unresolved: 0, invalid: 1, failed: 1 });
    expect(tally.byKind.orders).toEqual({
      updated: 1,
      unchanged: 0,
      conflict: 1,
      unresolved: 0,
      invalid: 1,
      failed: 0,
    });
    expect(tally.completed).toBe(false);
    expect(tally.incomplete).toEqual([
      { recordKind: 'order', id: 'b', outcome: 'conflict', reason: 'archived' },
      { recordKind: 'registration', id: 'd', outcome: 'failed', reason: 'writeFailed' },
    ]);
    expect(tallyResults([{ recordKind: 'order', id: 'a', outcome: 'unchanged' }]).completed).toBe(true);
  });
});
