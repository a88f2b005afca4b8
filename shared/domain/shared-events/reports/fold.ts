import { fromCents } from '../../vocabulary/money';
import { moneyOf, salesRecordOf, type SalesSourceDoc } from '../../sales/facts';
import type { CounterHealth, SharedCapacityCounterDoc } from '../capacity/model';
import { available } from '../capacity/rules';
import type { CounterFigures, SalesFigures } from './model';

/**
 * One organization's sales on a Shared Event, folded from the documents of its projection `se-{sharedEventId}`
 * exactly as its dashboard folds them (dashboard/stats.ts): the same `salesRecordOf` reading, the same showtime
 * set, the manual external count added to the sold tickets and the seats. Sums in integer cents; pure, so the
 * service feeds it the streamed pages and the unit tests feed it arrays.
 */
export interface ShowtimeTally {
  ticketsSold: number;
  seatsTaken: number;
  revenueCents: number;
  feeCents: number;
}

export const emptyTally = (): ShowtimeTally => ({ ticketsSold: 0, seatsTaken: 0, revenueCents: 0, feeCents: 0 });

export function addTally(into: ShowtimeTally, other: ShowtimeTally): ShowtimeTally {
  into.ticketsSold += other.ticketsSold;
  into.seatsTaken += other.seatsTaken;
  into.revenueCents += other.revenueCents;
  into.feeCents += other.feeCents;
  return into;
}

export const salesFiguresOf = (t: ShowtimeTally): SalesFigures => ({
  ticketsSold: t.ticketsSold,
  seatsTaken: t.seatsTaken,
  revenue: fromCents(t.revenueCents),
  fees: fromCents(t.feeCents),
});

export class OrganizationSalesFold {
  private readonly tallies = new Map<string, ShowtimeTally>();

  /** `showtimeIds`: the Shared Event's showtimes (a record on another showtime counts nowhere, as on the dashboard). */
  constructor(showtimeIds: readonly string[]) {
    for (const id of showtimeIds) this.tallies.set(id, emptyTally());
  }

  /** The projection's manual external count per showtime: tickets sold and seats held, no money. */
  addManualExternal(manualExternal: ReadonlyMap<string, number>): void {
    for (const [showtimeId, tally] of this.tallies) {
      const manual = manualExternal.get(showtimeId) ?? 0;
      tally.ticketsSold += manual;
      tally.seatsTaken += manual;
    }
  }

  addDoc(doc: SalesSourceDoc): void {
    const record = salesRecordOf(doc);
    if (!record) return;
    const tally = this.tallies.get(record.showtimeId);
    if (!tally) return;
    const money = moneyOf(record.lines);
    // Free tickets have no channel and sell nothing (soldTickets 0) but hold their seats, like the dashboard.
    tally.ticketsSold += record.channel !== undefined ? record.soldTickets : 0;
    tally.seatsTaken += record.seats;
    tally.revenueCents += money.revenueCents;
    tally.feeCents += money.feeCents;
  }

  /** Per showtime id, in the order given to the constructor. */
  result(): Map<string, ShowtimeTally> {
    return this.tallies;
  }
}

/** The organization's folded figures from whole documents at once (pure; for tests and small inputs). */
export function foldOrganizationSales(
  showtimeIds: readonly string[],
  manualExternal: ReadonlyMap<string, number>,
  docs: Iterable<SalesSourceDoc>,
): Map<string, ShowtimeTally> {
  const fold = new OrganizationSalesFold(showtimeIds);
  fold.addManualExternal(manualExternal);
  for (const doc of docs) fold.addDoc(doc);
  return fold.result();
}

/**
 * A counter as reported. Counters are created lazily on the first sale, so an absent one reads as its starting
 * capacity (the pool per showtime, or the organization's quota) with nothing reserved or committed, the very
 * document the first sale will create. `available` never goes below 0 (an overbooked counter has none).
 */
export function counterFigures(
  counterId: string,
  counter: Pick<SharedCapacityCounterDoc, 'capacity' | 'reserved' | 'committed' | 'health'> | undefined,
  startingCapacity: number,
): CounterFigures {
  const capacity = counter?.capacity ?? startingCapacity;
  const reserved = counter?.reserved ?? 0;
  const committed = counter?.committed ?? 0;
  const health: CounterHealth = counter?.health ?? 'ok';
  return { counterId, capacity, reserved, committed, available: available({ capacity, reserved, committed }), health };
}
