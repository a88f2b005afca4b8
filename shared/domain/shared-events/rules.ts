import {
  LIVE_PARTICIPANT_STATUSES,
  type ParticipantStatus,
  type SharedEventCapability,
  type SharedEventDoc,
  type SharedEventParticipantDoc,
  type SharedEventStatus,
  type SharedShowtime,
  type TicketTypeTemplate,
} from './model';

/**
 * Pure rules of the Shared Event core (02 "Statuses without shown moves": the moves are ours, documented in
 * docs/shared-events.md). No store, no clock unless passed in.
 */

// --- Shared Event lifecycle --------------------------------------------------------------------------------

/**
 * The moves the lifecycle route makes. `cancelling` and `cancelled` belong to the whole-event cancellation of the
 * capacity engine (and `cancelled` also to the Super Admin retirement of a draft); `completed` and `cancelled` are
 * final.
 */
export const LIFECYCLE_MOVES: Record<SharedEventStatus, readonly SharedEventStatus[]> = {
  draft: ['open'],
  // `cancelled` is requested (PATCH lifecycle) and reached through `cancelling`: shared-events/cancellation/.
  open: ['locked', 'completed', 'cancelled'],
  locked: ['open', 'completed', 'cancelled'],
  cancelling: [],
  cancelled: [],
  completed: [],
};

export type LifecycleVerdict = 'move' | 'unchanged' | 'refused';

export function lifecycleVerdict(from: string, to: SharedEventStatus): LifecycleVerdict {
  if (from === to) return 'unchanged';
  return (LIFECYCLE_MOVES[from as SharedEventStatus] ?? []).includes(to) ? 'move' : 'refused';
}

/** States in which details, pricing and the roster may still change (not after cancellation or completion). */
export const isChangeable = (status: string) => status === 'draft' || status === 'open' || status === 'locked';

/** DELETE (Super Admin) retires only a draft. */
export const isRetirable = (head: Pick<SharedEventDoc, 'status'>) => head.status === 'draft';

// --- Participant statuses ----------------------------------------------------------------------------------

export type RosterAction = 'accept' | 'decline' | 'leave' | 'remove' | 'directAdd';

/**
 * Where each roster route leads, from each status: `undefined` means the move is refused (409). A route that
 * finds the entry already in its target state answers 200 without a change (idempotent retry). `accepted` is
 * never written by this service: admission makes an organization `active` at once.
 */
export const ROSTER_TARGET: Record<RosterAction, ParticipantStatus> = {
  accept: 'active',
  decline: 'declined',
  leave: 'left',
  remove: 'removed',
  directAdd: 'active',
};

const ROSTER_FROM: Record<RosterAction, readonly ParticipantStatus[]> = {
  accept: ['invited', 'accepted'],
  decline: ['invited'],
  leave: ['accepted', 'active'],
  remove: ['invited', 'accepted', 'active'],
  directAdd: ['invited', 'accepted', 'declined', 'left', 'removed'],
};

export type RosterVerdict = 'move' | 'unchanged' | 'refused' | 'organizer';

export function rosterVerdict(
  action: RosterAction,
  entry: Pick<SharedEventParticipantDoc, 'status' | 'role'> | undefined,
): RosterVerdict {
  if (entry?.role === 'organizer' && (action === 'leave' || action === 'remove' || action === 'decline')) {
    return 'organizer';
  }
  if (!entry) return action === 'directAdd' ? 'move' : 'refused';
  if (entry.status === ROSTER_TARGET[action]) return 'unchanged';
  return ROSTER_FROM[action].includes(entry.status) ? 'move' : 'refused';
}

export const isLive = (status: string) => (LIVE_PARTICIPANT_STATUSES as readonly string[]).includes(status);

// --- Details and pricing -----------------------------------------------------------------------------------

export const DETAIL_FIELDS = ['name', 'description', 'location', 'date', 'showtimes'] as const;
export const PRICING_FIELDS = ['ticketTypeTemplates'] as const;

/** The capabilities a PATCH body needs: details fields need manageSharedDetails, templates managePricing. */
export function capabilitiesForPatch(body: Record<string, unknown>): SharedEventCapability[] {
  const needs: SharedEventCapability[] = [];
  if (DETAIL_FIELDS.some((f) => body[f] !== undefined)) needs.push('manageSharedDetails');
  if (PRICING_FIELDS.some((f) => body[f] !== undefined)) needs.push('managePricing');
  return needs;
}

export interface ShowtimeInput {
  showtimeId?: string;
  dateTime: string;
  label?: string;
}

export interface TemplateInput {
  id?: string;
  name: string;
  price: number;
  fee?: number;
  boxofficePrice?: number;
  boxofficeFee?: number;
  sortOrder?: number;
}

/**
 * A full showtime list replacing the current one: listed ids keep their identity, entries without an id are new
 * (the caller's `newId`). Every current showtime must stay listed (removing one is a capacity matter), and an
 * id that is not current is refused. Returns the list, or the problem as a message.
 */
export function mergeShowtimes(
  current: SharedShowtime[],
  input: ShowtimeInput[],
  newId: () => string,
): SharedShowtime[] | string {
  const known = new Set(current.map((s) => s.showtimeId));
  const listed = new Set<string>();
  const next: SharedShowtime[] = [];
  for (const s of input) {
    if (s.showtimeId !== undefined) {
      if (!known.has(s.showtimeId)) return `Unknown showtimeId ${s.showtimeId}`;
      if (listed.has(s.showtimeId)) return `Showtime ${s.showtimeId} is listed twice`;
      listed.add(s.showtimeId);
    }
    next.push({ showtimeId: s.showtimeId ?? newId(), dateTime: s.dateTime, ...(s.label ? { label: s.label } : {}) });
  }
  const missing = current.find((s) => !listed.has(s.showtimeId));
  if (missing) return `Showtime ${missing.showtimeId} cannot be removed`;
  return next;
}

/** Same for the ticket type templates (ids kept, new ones minted, none removed). */
export function mergeTemplates(
  current: TicketTypeTemplate[],
  input: TemplateInput[],
  newId: () => string,
): TicketTypeTemplate[] | string {
  const known = new Set(current.map((t) => t.id));
  const listed = new Set<string>();
  const next: TicketTypeTemplate[] = [];
  input.forEach((t, index) => {
    if (t.id !== undefined) listed.add(t.id);
    next.push(template(t, index, t.id ?? newId()));
  });
  const unknown = input.find((t) => t.id !== undefined && !known.has(t.id));
  if (unknown) return `Unknown ticket type template ${unknown.id}`;
  if (listed.size !== input.filter((t) => t.id !== undefined).length) return 'A ticket type template is listed twice';
  const missing = current.find((t) => !listed.has(t.id));
  if (missing) return `Ticket type template ${missing.id} cannot be removed`;
  return next;
}

export function template(t: TemplateInput, index: number, id: string): TicketTypeTemplate {
  return {
    id,
    name: t.name,
    price: t.price,
    fee: t.fee ?? 0,
    ...(t.boxofficePrice !== undefined ? { boxofficePrice: t.boxofficePrice } : {}),
    ...(t.boxofficeFee !== undefined ? { boxofficeFee: t.boxofficeFee } : {}),
    sortOrder: t.sortOrder ?? index + 1,
  };
}
