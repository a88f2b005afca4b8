import fc from 'fast-check';
import { conflict } from '../../shared/errors';
import { retryOnContention } from '../../shared/domain/vocabulary/contention';
import {
  allocationSummary,
  quotaViolation,
  usedByType,
  type OrderForQuota,
} from '../../shared/domain/allocations/rules';
import {
  assertCommitmentMove,
  conversionPlan,
  effectiveCommitmentStatus,
  firstTicketType,
} from '../../shared/domain/pledges/rules';

const order = (quantity: number, extra: Partial<OrderForQuota> = {}): OrderForQuota => ({
  eventId: 'e',
  showtimeId: 's1',
  requestedBy: 'u',
  status: 'pending',
  tickets: [{ ticketTypeId: 'a', quantity }],
  ...extra,
});
const allocation = (allocated: number, showtimeId?: string) => ({
  eventId: 'e',
  userId: 'u',
  ...(showtimeId ? { showtimeId } : {}),
  items: [{ ticketTypeId: 'a', ticketTypeName: 'A', allocated }],
});

describe('allocation rules', () => {
  it('counts non-cancelled, non-deleted orders of the member inside the scope', () => {
    const orders = [
      order(2),
      order(1, { status: 'cancelled' }),
      order(4, { deletedAt: 'x' }),
      order(8, { requestedBy: 'other' }),
      order(3, { showtimeId: 's2' }),
    ];
    expect(usedByType(allocation(9), orders).get('a')).toBe(5);
    expect(usedByType(allocation(9, 's1'), orders).get('a')).toBe(2);
  });
  it('reports the violation with allocated, used and requested; no allocation means 0', () => {
    expect(quotaViolation([allocation(3)], [order(2)], order(2))).toEqual({
      ticketTypeId: 'a',
      allocated: 3,
      used: 2,
      requested: 2,
    });
    expect(quotaViolation([allocation(4)], [order(2)], order(2))).toBeUndefined();
    expect(quotaViolation([], [], order(1))).toMatchObject({ allocated: 0, requested: 1 });
  });
  it('never lets accepted requests pass the allocation (property)', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 30 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 20 }),
        (allocated, requests) => {
          const accepted: OrderForQuota[] = [];
          for (const q of requests)
            if (!quotaViolation([allocation(allocated)], accepted, order(q))) accepted.push(order(q));
          expect(accepted.reduce((s, o) => s + o.tickets[0].quantity, 0)).toBeLessThanOrEqual(allocated);
        },
      ),
    );
  });
  it('summarizes allocated, used and remaining', () => {
    expect(
      allocationSummary([
        { allocated: 3, used: 5 },
        { allocated: 2, used: 0 },
      ]),
    ).toEqual({ allocated: 5, used: 5, remaining: 0 });
  });
});

describe('commitment round rules', () => {
  const now = Date.parse('2026-06-01T00:00:00.000Z');
  it('reads a passed deadline as closed', () => {
    expect(
      effectiveCommitmentStatus({ commitmentStatus: 'open', commitmentDeadline: '2026-05-01T00:00:00.000Z' }, now),
    ).toBe('closed');
    expect(
      effectiveCommitmentStatus({ commitmentStatus: 'open', commitmentDeadline: '2026-07-01T00:00:00.000Z' }, now),
    ).toBe('open');
    expect(effectiveCommitmentStatus({}, now)).toBeNull();
  });
  it('allows exactly none/closed → open, open → closed, closed → converted', () => {
    const allowed = new Set(['null>open', 'closed>open', 'open>closed', 'closed>converted']);
    for (const from of [null, 'open', 'closed', 'converted'] as const) {
      for (const to of ['open', 'closed', 'converted'] as const) {
        const run = () => assertCommitmentMove(from, to, undefined, now);
        if (allowed.has(`${from}>${to}`)) expect(run).not.toThrow();
        else expect(run).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
      }
    }
    expect(() => assertCommitmentMove(null, 'open', '2026-01-01T00:00:00.000Z', now)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR' }),
    );
  });
  it('converts sure pledges of members without an allocation, on the lowest sortOrder type', () => {
    const plan = conversionPlan(
      [
        { userId: 'a', sureCount: 2, possibleCount: 0 },
        { userId: 'b', sureCount: 0, possibleCount: 3 },
        { userId: 'c', sureCount: 1, possibleCount: 0 },
      ],
      new Set(['c']),
    );
    expect(plan.map((p) => p.userId)).toEqual(['a']);
    const type = (name: string, sortOrder: number) => ({
      id: name,
      eventId: 'e',
      organizationId: 'o',
      name,
      price: 1,
      fee: 0,
      sortOrder,
    });
    expect(firstTicketType([type('b', 2), type('a', 1)])?.id).toBe('a');
  });
});

describe('retryOnContention', () => {
  const storeError = (code: number) => Object.assign(new Error(`store ${code}`), { code });

  it('retries a lost ETag race and returns the later success', async () => {
    let calls = 0;
    const result = await retryOnContention(async () => {
      calls += 1;
      if (calls < 3) throw storeError(412);
      return 'done';
    });
    expect([result, calls]).toEqual(['done', 3]);
  });

  it('gives up a race it keeps losing after the bounded attempts (the pipeline answers that 412 as 409 CONFLICT)', async () => {
    const attempt = jest.fn(async () => {
      throw storeError(412);
    });
    await expect(retryOnContention(attempt, 3)).rejects.toMatchObject({ code: 412 });
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('retries a create collision only when asked; typed errors pass through untouched', async () => {
    await expect(retryOnContention(async () => Promise.reject(storeError(409)))).rejects.toMatchObject({ code: 409 });
    let calls = 0;
    const replaced = await retryOnContention(
      async () => {
        calls += 1;
        if (calls === 1) throw storeError(409);
        return 'replaced';
      },
      8,
      true,
    );
    expect(replaced).toBe('replaced');
    await expect(
      retryOnContention(async () => Promise.reject(conflict('closed', 'COMMITMENT_CLOSED')), 8, true),
    ).rejects.toMatchObject({ code: 'COMMITMENT_CLOSED' });
  });
});
