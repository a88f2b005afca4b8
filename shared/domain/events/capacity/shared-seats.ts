/**
 * The seats of a Shared Event projection, as generic capacity needs them: on a projection the Shared Event's own
 * counter is the gate (reserved before the local write, committed after it), and the local counter only keeps the
 * participant's tally. Generic capacity owns this interface; the Shared Event capacity engine implements it
 * (shared-events/capacity/seat-port.ts) and provides it when it is loaded, so this layer never imports the
 * Shared Event module (docs/shared-events.md: capacity).
 */
export interface SharedSeatRequest {
  sharedEventId: string;
  organizationId: string;
  showtimeId: string;
  quantity: number;
  /** The local document the write lands in (its id, in the organization partition). */
  localDocumentId: string;
  /**
   * The hold's identity when the sale can have twins (report-sold: the order, the version it was decided on and
   * the total): identical requests then hold the SAME seats once, and each can find the other's hold. Without it
   * every reserve is a new hold.
   */
  operationId?: string;
}

/** A hold on the Shared Event's counter, committed once the local write landed or released if it failed. */
export interface SharedSeatReservation {
  operationId: string;
}

/** A hold as found by its operation id: still held, already a sale, or given back. */
export interface FoundSeatHold extends SharedSeatReservation {
  state: 'held' | 'committed' | 'released';
}

/** A sale past the ceiling, recorded on the Shared Event's counter before the local write (its compensation undoes it). */
export interface BeyondCeilingRequest extends SharedSeatRequest {
  kind: 'externalObservation' | 'administrativeCorrection';
  actor: string;
  reason: string;
}

/** A decrease on a projection, given back to the Shared Event's counter after the local write landed. */
export interface SeatCorrection extends SharedSeatRequest {
  originalQty: number;
  correctedQty: number;
  actor: string;
  reason: string;
}

/** What a projection can still sell on one showtime: the capacity it sells from and what is left of it. */
export interface ShowtimeAvailability {
  capacity: number;
  remaining: number;
}

// Methods (not function-typed fields): the engine's own documents stand in for the opaque shapes above.
export interface SharedSeats {
  reserve(request: SharedSeatRequest): Promise<SharedSeatReservation>;
  commit(reservations: readonly SharedSeatReservation[]): Promise<void>;
  release(reservations: readonly SharedSeatReservation[]): Promise<void>;
  /** The hold with this operation id on the Shared Event, if any (one point read). */
  findHold(sharedEventId: string, operationId: string): Promise<FoundSeatHold | undefined>;
  recordBeyondCeiling(request: BeyondCeilingRequest): Promise<object>;
  undoBeyondCeiling(adjustment: object): Promise<void>;
  correct(request: SeatCorrection): Promise<void>;
  /** Per showtime, what the projection `event` can still sell (one query in the Shared Event's partition). */
  availability(event: {
    id: string;
    organizationId: string;
    sharedEventLink?: unknown;
    showtimes: readonly { showtimeId: string }[];
  }): Promise<Map<string, ShowtimeAvailability> | undefined>;
  /** The local document stamped with the capacity operations it carries. */
  stamp<T extends object>(doc: T, operationIds: readonly string[]): T;
}

let provided: SharedSeats | undefined;

/** Called once by the Shared Event capacity engine when its module loads. */
export function provideSharedSeats(seats: SharedSeats): void {
  provided = seats;
}

/** The engine, for a write on a Shared Event projection; a process that never loaded it cannot sell one. */
export function sharedSeats(): SharedSeats {
  if (!provided) throw new Error('Shared Event capacity engine not loaded (import shared-events/capacity/seat-port)');
  return provided;
}
