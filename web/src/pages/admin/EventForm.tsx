import { useState, type FormEvent } from 'react';
import { http, unwrap } from '../../api/instance';
import type { RequestBody } from '../../api/types';
import { useAction } from '../../app/queries';
import { ErrorNotice } from '../../ui/feedback';
import type { EventItem } from '../../ui/part2/events';

type Body = RequestBody<'/api/management/events', 'post'>;
type ShowtimeRow = { showtimeId?: string; dateTime: string; label: string };
type TypeRow = { id?: string; name: string; price: string; fee: string; boxofficePrice: string; boxofficeFee: string };

/** `datetime-local` works in local time; the API wants ISO instants. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const toIso = (local: string) => new Date(local).toISOString();
const money = (s: string) => (s.trim() === '' ? undefined : Math.round(Number(s) * 100) / 100);

/**
 * Create an event, or edit one with the same call shape (PUT takes the whole showtime and ticket type lists; rows
 * keep their ids so sales stay attached, docs/decisions/events.md).
 */
export function EventForm({ event, onDone }: { event?: EventItem; onDone: () => void }) {
  const [name, setName] = useState(event?.name ?? '');
  const [date, setDate] = useState(event ? toLocalInput(event.date) : '');
  const [location, setLocation] = useState(event?.location ?? '');
  const [capacity, setCapacity] = useState(String(event?.venueCapacity ?? 100));
  const [quotas, setQuotas] = useState(event?.enableQuotas ?? false);
  const [showtimes, setShowtimes] = useState<ShowtimeRow[]>(
    event?.showtimes.map((s) => ({
      showtimeId: s.showtimeId,
      dateTime: toLocalInput(s.dateTime),
      label: s.label ?? '',
    })) ?? [{ dateTime: '', label: '' }],
  );
  const [types, setTypes] = useState<TypeRow[]>(
    event?.ticketTypes.map((t) => ({
      id: t.id,
      name: t.name,
      price: String(t.price),
      fee: String(t.fee),
      boxofficePrice: t.boxofficePrice === undefined ? '' : String(t.boxofficePrice),
      boxofficeFee: t.boxofficeFee === undefined ? '' : String(t.boxofficeFee),
    })) ?? [{ name: '', price: '', fee: '0', boxofficePrice: '', boxofficeFee: '' }],
  );
  const save = useAction((body: Body, organizationId) =>
    event
      ? unwrap(
          http.PUT('/api/management/events/{id}', {
            params: { path: { id: event.id }, query: { organizationId } },
            body,
          }),
        )
      : unwrap(http.POST('/api/management/events', { params: { query: { organizationId } }, body })),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: Body = {
      name: name.trim(),
      date: toIso(date),
      location: location.trim(),
      venueCapacity: Number(capacity),
      enableQuotas: quotas,
      showtimes: showtimes.map((s) => ({
        ...(s.showtimeId ? { showtimeId: s.showtimeId } : {}),
        dateTime: toIso(s.dateTime),
        ...(s.label.trim() ? { label: s.label.trim() } : {}),
      })),
      ticketTypes: types.map((t, i) => ({
        ...(t.id ? { id: t.id } : {}),
        name: t.name.trim(),
        price: money(t.price) ?? 0,
        fee: money(t.fee) ?? 0,
        ...(money(t.boxofficePrice) !== undefined ? { boxofficePrice: money(t.boxofficePrice) } : {}),
        ...(money(t.boxofficeFee) !== undefined ? { boxofficeFee: money(t.boxofficeFee) } : {}),
        sortOrder: i + 1,
      })),
    };
    save.mutate(body, { onSuccess: onDone });
  };
  const setShowtime = (i: number, patch: Partial<ShowtimeRow>) =>
    setShowtimes((rows) => rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const setType = (i: number, patch: Partial<TypeRow>) =>
    setTypes((rows) => rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <form className="stack" onSubmit={submit} aria-label={event ? `Edit ${event.name}` : 'New event'}>
      <div className="fields">
        <label>
          Name
          <input required maxLength={255} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          Date
          <input required type="datetime-local" value={date} onChange={(e) => setDate(e.target.value)} />
        </label>
        <label>
          Location
          <input maxLength={255} value={location} onChange={(e) => setLocation(e.target.value)} />
        </label>
        <label>
          Seats per showtime
          <input required type="number" min={0} value={capacity} onChange={(e) => setCapacity(e.target.value)} />
        </label>
        <label className="check">
          <input type="checkbox" checked={quotas} onChange={(e) => setQuotas(e.target.checked)} /> Allocation limits per
          member
        </label>
      </div>
      <fieldset>
        <legend>Showtimes</legend>
        {showtimes.map((s, i) => (
          <div className="fields" key={i}>
            <label>
              Showtime {i + 1} date and time
              <input
                required
                type="datetime-local"
                value={s.dateTime}
                onChange={(e) => setShowtime(i, { dateTime: e.target.value })}
              />
            </label>
            <label>
              Showtime {i + 1} label
              <input maxLength={100} value={s.label} onChange={(e) => setShowtime(i, { label: e.target.value })} />
            </label>
            {showtimes.length > 1 && (
              <button
                type="button"
                className="secondary"
                onClick={() => setShowtimes((rows) => rows.filter((_, j) => j !== i))}
              >
                Remove showtime {i + 1}
              </button>
            )}
          </div>
        ))}
        <button
          type="button"
          className="secondary"
          onClick={() => setShowtimes((rows) => [...rows, { dateTime: '', label: '' }])}
        >
          Add a showtime
        </button>
      </fieldset>
      <fieldset>
        <legend>Ticket types</legend>
        {types.map((t, i) => (
          <div className="fields" key={i}>
            <label>
              Ticket type {i + 1} name
              <input required maxLength={100} value={t.name} onChange={(e) => setType(i, { name: e.target.value })} />
            </label>
            <MoneyField
              label={`Ticket type ${i + 1} price`}
              required
              value={t.price}
              onChange={(value) => setType(i, { price: value })}
            />
            <MoneyField
              label={`Ticket type ${i + 1} fee`}
              value={t.fee}
              onChange={(value) => setType(i, { fee: value })}
            />
            <MoneyField
              label="Box-office price (optional)"
              value={t.boxofficePrice}
              onChange={(value) => setType(i, { boxofficePrice: value })}
            />
            <MoneyField
              label="Box-office fee (optional)"
              value={t.boxofficeFee}
              onChange={(value) => setType(i, { boxofficeFee: value })}
            />
            {types.length > 1 && (
              <button
                type="button"
                className="secondary"
                onClick={() => setTypes((rows) => rows.filter((_, j) => j !== i))}
              >
                Remove ticket type {i + 1}
              </button>
            )}
          </div>
        ))}
        <button
          type="button"
          className="secondary"
          onClick={() =>
            setTypes((rows) => [...rows, { name: '', price: '', fee: '0', boxofficePrice: '', boxofficeFee: '' }])
          }
        >
          Add a ticket type
        </button>
      </fieldset>
      <div className="row">
        <button type="submit" disabled={save.isPending}>
          {event ? 'Save changes' : 'Create event'}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
      <ErrorNotice error={save.error} title="The event was not saved" />
    </form>
  );
}

/** A decimal amount in the currency (the API takes decimal amounts; docs/api.md, money). */
function MoneyField(props: { label: string; value: string; required?: boolean; onChange: (value: string) => void }) {
  return (
    <label>
      {props.label}
      <input
        required={props.required}
        type="number"
        min={0}
        step="0.01"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}
