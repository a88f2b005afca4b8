import {
  idString,
  isoDateOrDateTime,
  isoDateTime,
  money,
  nonNegativeInt,
  object,
  shortText,
} from '../../http/schema-parts';
import type { Schema } from '../../http/validation';

export const showtimeInput: Schema = object({ showtimeId: idString, dateTime: isoDateTime, label: shortText(100) }, [
  'dateTime',
]);

export const ticketTypeInput: Schema = object(
  {
    id: idString,
    name: shortText(100, 1),
    price: money,
    fee: { ...money, default: 0 },
    boxofficePrice: money,
    boxofficeFee: money,
    sortOrder: { type: 'integer', minimum: 0, maximum: 10_000 },
  },
  ['name', 'price'],
);

const commitmentStatus: Schema = { enum: ['open', 'closed', 'converted'] };

export const createEventBody = object(
  {
    name: shortText(255, 1),
    date: isoDateOrDateTime,
    location: shortText(255),
    description: shortText(5000),
    venueCapacity: nonNegativeInt,
    active: { type: 'boolean', default: true },
    enableQuotas: { type: 'boolean', default: false },
    commitmentStatus,
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
  commitmentStatus?: 'open' | 'closed' | 'converted';
  commitmentDeadline?: string;
  showtimes?: ShowtimeInput[];
  ticketTypes: TicketTypeInput[];
}
