import type { CapacityPolicy, ParticipantRole, ParticipantStatus } from '../model';
import type { CounterHealth } from '../capacity/model';

/**
 * Combined and participant reports of a Shared Event (docs/shared-events.md "reporting"; shapes ours per rule 11, see
 * docs/decisions/shared-event-reports.md). Sums are kept in integer cents inside; money comes out as a number
 * with at most two decimals, like every other report of the API.
 *
 * - `ticketsSold`: tickets counted as sold, exactly as each participant's dashboard counts them for its
 *   projection `se-{sharedEventId}` (printed orders by their reported sold total, registrations, external sales,
 *   the manual external count; free tickets sell nothing).
 * - `seatsTaken`: seats the sales hold on the Shared Event's capacity (free tickets included): what the capacity
 *   counters' `committed` adds up to when every sale went through the capacity path.
 * - `revenue` prices only, `fees` fees only (docs/decisions/orders.md).
 */
export interface SalesFigures {
  ticketsSold: number;
  seatsTaken: number;
  revenue: number;
  fees: number;
}

/** A capacity counter as reported: an absent counter (no sale yet) reads as its starting capacity and zeros. */
export interface CapacityFigures {
  capacity: number;
  reserved: number;
  committed: number;
  available: number;
}

export interface CounterFigures extends CapacityFigures {
  /** `pool:{showtimeId}` or `quota:{organizationId}:{showtimeId}`. */
  counterId: string;
  /** `ok` for a counter not created yet. */
  health: CounterHealth;
}

interface ShowtimeHeading {
  showtimeId: string;
  dateTime: string;
  label?: string;
}

/** Combined, per showtime: the capacity (pool counter, or Σ quota counters) and Σ over organizations. */
export type CombinedShowtime = ShowtimeHeading & CapacityFigures & SalesFigures;

/** An organization's figures on one showtime; in quota mode with its own quota counter. */
export type OrganizationShowtime = { showtimeId: string } & SalesFigures & { quota?: CounterFigures };

export interface ReportedOrganization extends SalesFigures {
  organizationId: string;
  organizationName?: string;
  role: ParticipantRole;
  participantStatus: ParticipantStatus;
  /** The organization's local Event the figures are read from. */
  eventId: string;
  showtimes: OrganizationShowtime[];
}

interface ReportHeading {
  sharedEventId: string;
  name: string;
  capacityPolicy: CapacityPolicy;
  status: string;
  generatedAt: string;
}

export interface CombinedReport extends ReportHeading {
  showtimes: CombinedShowtime[];
  organizations: ReportedOrganization[];
  totals: CapacityFigures & SalesFigures;
}

/** One participant's showtime: its figures next to the counter it sells from (its quota, or the shared pool). */
export type ParticipantShowtime = ShowtimeHeading &
  SalesFigures & { counter: CounterFigures & { kind: CapacityPolicy } };

export interface ParticipantReport extends ReportHeading {
  organization: Omit<ReportedOrganization, 'showtimes'>;
  showtimes: ParticipantShowtime[];
}
