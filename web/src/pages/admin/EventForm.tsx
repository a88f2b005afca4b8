import { i18next } from '../../i18n';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { http, unwrap } from '../../api/instance';
import type { RequestBody } from '../../api/types';
import { useAction } from '../../data/queries';
import { ErrorNotice } from '../../ui/feedback';
import * as EventRows from '../../ui/EventRows';
import type { EventItem } from '../../data/events';
import { write } from '../../offline/write';

type Body = RequestBody<'/api/management/events', 'post'>;

/**
 * Create an event, or edit one with the same call shape (PUT takes the whole showtime and ticket type lists; rows
 * keep their ids so sales stay attached, docs/decisions/events.md).
 */
export function EventForm({ event, onDone }: { event?: EventItem; onDone: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(event?.name ?? '');
  const [date, setDate] = useState(event ? EventRows.toLocalInput(event.date) : '');
  const [location, setLocation] = useState(event?.location ?? '');
  const [capacity, setCapacity] = useState(String(event?.venueCapacity ?? 100));
  const [quotas, setQuotas] = useState(event?.enableQuotas ?? false);
  const showtimes = EventRows.useRows(
    event?.showtimes.map((s) => ({
      showtimeId: s.showtimeId,
      dateTime: EventRows.toLocalInput(s.dateTime),
      label: s.label ?? '',
    })) ?? [EventRows.EMPTY_SHOWTIME],
  );
  const types = EventRows.useRows(
    event?.ticketTypes.map((type) => ({
      id: type.id,
      name: type.name,
      price: String(type.price),
      fee: String(type.fee),
      boxofficePrice: type.boxofficePrice === undefined ? '' : String(type.boxofficePrice),
      boxofficeFee: type.boxofficeFee === undefined ? '' : String(type.boxofficeFee),
    })) ?? [EventRows.EMPTY_TICKET_TYPE],
  );
  const save = useAction((body: Body, organizationId) =>
    event
      ? unwrap(
          http.PUT('/api/management/events/{id}', {
            params: { path: { id: event.id }, query: { organizationId } },
            body,
          }),
        )
      : write('post', '/api/management/events', {
          params: { query: { organizationId } },
          body,
          label: i18next.t('offline.label.newEvent', { name: body.name }),
        }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: Body = {
      name: name.trim(),
      date: EventRows.toIso(date),
      location: location.trim(),
      venueCapacity: Number(capacity),
      enableQuotas: quotas,
      showtimes: EventRows.showtimesBody(showtimes.rows),
      ticketTypes: EventRows.ticketTypesBody(types.rows, true),
    };
    save.mutate(body, { onSuccess: onDone });
  };
  return (
    <form
      className="stack"
      onSubmit={submit}
      aria-label={event ? t('admin.events.editNamed', { name: event.name }) : t('admin.events.new')}
    >
      <div className="fields">
        <EventRows.EventBasics
          name={{ value: name, set: setName }}
          date={{ value: date, set: setDate }}
          location={{ value: location, set: setLocation }}
          nameMax={255}
        />
        <label>
          {t('admin.eventForm.seats')}
          <input required type="number" min={0} value={capacity} onChange={(e) => setCapacity(e.target.value)} />
        </label>
        <label className="check">
          <input type="checkbox" checked={quotas} onChange={(e) => setQuotas(e.target.checked)} />{' '}
          {t('admin.eventForm.quotas')}
        </label>
      </div>
      <EventRows.ShowtimeRows list={showtimes} prefix={t('admin.eventForm.showtime')} labelMax={100} />
      <EventRows.TicketTypeRows list={types} prefix={t('admin.eventForm.ticketType')} nameMax={100} withFees />
      <div className="row">
        <button type="submit" disabled={save.isPending}>
          {event ? t('common.saveChanges') : t('admin.eventForm.create')}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          {t('admin.eventForm.cancel')}
        </button>
      </div>
      <ErrorNotice error={save.error} title={t('admin.eventForm.notSaved')} />
    </form>
  );
}
