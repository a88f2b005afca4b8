import {
  idString,
  isoDateOrDateTime,
  isoDateTime,
  money,
  nonNegativeInt,
  object,
  pageQuery,
  shortText,
} from '../vocabulary/schema-parts';
import type { Schema } from '../vocabulary/validation';
import { COMMITMENT_STATUSES, type CommitmentStatus } from './model';

/** Required text that must hold more than whitespace: it is stored trimmed, and a blank name is no name. */
export const nonBlankText = (max: number): Schema => ({ ...shortText(max, 1), pattern: '\\S' });

export const showtimeInput: Schema = object({ showtimeId: idString, dateTime: isoDateTime, label: shortText(100) }, [
  'dateTime',
]);

export const ticketTypeInput: Schema = object(
  {
    id: idString,
    name: nonBlankText(100),
    price: money,
    fee: { ...money, default: 0 },
    boxofficePrice: money,
    boxofficeFee: money,
    sortOrder: { type: 'integer', minimum: 0, maximum: 10_000 },
  },
  ['name', 'price'],
);

const commitmentStatus: Schema = { enum: [...COMMITMENT_STATUSES] };
/** A new event's round can start open or closed; `converted` needs the conversion of PUT …/commitment. */
const initialCommitmentStatus: Schema = { enum: ['open', 'closed'] };

export const createEventBody = object(
  {
    name: nonBlankText(255),
    date: isoDateOrDateTime,
    location: shortText(255),
    description: shortText(5000),
    venueCapacity: nonNegativeInt,
    active: { type: 'boolean', default: true },
    enableQuotas: { type: 'boolean', default: false },
    commitmentStatus: initialCommitmentStatus,
    commitmentDeadline: isoDateTime,
    showtimes: { type: 'array', minItems: 1, maxItems: 50, items: showtimeInput },
    ticketTypes: { type: 'array', minItems: 1, maxItems: 50, items: ticketTypeInput },
  },
  ['name', 'date', 'venueCapacity', 'ticketTypes'],
);

export interface ShowtimeInput {
  showtimeId?: string;
  dateTime: string;
  label?: string;
}
export interface TicketTypeInput {
  id?: string;
  name: string;
  price: number;
  fee: number;
  boxofficePrice?: number;
  boxofficeFee?: number;
  sortOrder?: number;
}
export interface CreateEventBody {
  name: string;
  date: string;
  location?: string;
  description?: string;
  venueCapacity: number;
  active: boolean;
  enableQuotas: boolean;
  commitmentStatus?: 'open' | 'closed';
  commitmentDeadline?: string;
  showtimes?: ShowtimeInput[];
  ticketTypes: TicketTypeInput[];
}

/** `null` clears an optional text field on update; absent leaves it unchanged. */
const clearable = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'null' }] });

/** PUT management/events/{id}: every field optional; `showtimes` and `ticketTypes` are the whole desired lists. */
export const updateEventBody = object(
  {
    name: nonBlankText(255),
    date: isoDateOrDateTime,
    location: clearable(shortText(255)),
    description: clearable(shortText(5000)),
    venueCapacity: nonNegativeInt,
    active: { type: 'boolean' },
    enableQuotas: { type: 'boolean' },
    commitmentStatus,
    commitmentDeadline: clearable(isoDateTime),
    showtimes: { type: 'array', minItems: 1, maxItems: 50, items: showtimeInput },
    ticketTypes: { type: 'array', minItems: 1, maxItems: 50, items: ticketTypeInput },
  },
  [],
  { minProperties: 1 },
);

export interface UpdateEventBody {
  name?: string;
  date?: string;
  location?: string | null;
  description?: string | null;
  venueCapacity?: number;
  active?: boolean;
  enableQuotas?: boolean;
  commitmentStatus?: CommitmentStatus;
  commitmentDeadline?: string | null;
  showtimes?: ShowtimeInput[];
  ticketTypes?: TicketTypeInput[];
}

/** PUT management/events/{eventId}/showtimes/{showtimeId}/external (docs/decisions/events.md). */
export const externalUpdateBody = object({ externalSold: nonNegativeInt, externalNote: shortText(1000) }, [
  'externalSold',
]);
export interface ExternalUpdateBody {
  externalSold: number;
  externalNote?: string;
}

/** GET events-active: `withCapacity=true` adds the event's capacity summary to the answer. */
export const activeEventQuery = object({ withCapacity: { type: 'boolean', default: false } });
export interface ActiveEventQuery {
  withCapacity: boolean;
}

export const listEventsQuery = object({
  ...pageQuery,
  includeDeleted: { type: 'boolean', default: false },
  active: { type: 'boolean' },
});
