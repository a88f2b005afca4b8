import { i18next } from '../../i18n';
import { useState, type FormEvent } from 'react';
import { http, unwrap } from '../../api/instance';
import type { OrgMember } from '../../api/types';
import { useAction, useMembers } from '../../data/queries';
import { ErrorNotice } from '../../ui/feedback';
import { formatNumber } from '../../ui/format';
import { Guarded } from '../../ui/access';
import type { EventItem } from '../../data/events';
import { Table } from '../../ui/Table';
import { write } from '../../offline/write';

/** Allocations per member for the event (one call): set the whole event's allocation per ticket type, or delete it. */
export function AllocationsSection({ event }: { event: EventItem }) {
  const members = useMembers(event.id);
  return (
    <section aria-labelledby="allocations-title">
      <h2 id="allocations-title">Allocations per member</h2>
      {!event.enableQuotas && (
        <p className="meta">Allocation limits are off for this event: members may order freely.</p>
      )}
      <Guarded query={members} what="Loading members">
        {(data) => (
          <Table
            caption="Allocations"
            head={['Member', 'Allocated', 'Used', 'Left', 'Set allocation']}
            rows={data.items.map((m) => [
              m.name,
              formatNumber(m.summary.allocated),
              formatNumber(m.summary.used),
              formatNumber(m.summary.remaining),
              <AllocationEditor key={m.userId} event={event} member={m} />,
            ])}
          />
        )}
      </Guarded>
    </section>
  );
}

function AllocationEditor({ event, member }: { event: EventItem; member: OrgMember }) {
  const whole = member.allocations.find((a) => !a.showtimeId);
  const initial = Object.fromEntries(
    event.ticketTypes.map((t) => [t.id, String(whole?.items.find((i) => i.ticketTypeId === t.id)?.allocated ?? 0)]),
  );
  const [values, setValues] = useState<Record<string, string>>(initial);
  const save = useAction((_: void, organizationId) =>
    write('post', '/api/allocations', {
      params: { query: { organizationId } },
      body: {
        eventId: event.id,
        userId: member.userId,
        items: event.ticketTypes.map((t) => ({ ticketTypeId: t.id, allocated: Number(values[t.id] ?? 0) })),
      },
      label: i18next.t('offline.label.allocation'),
    }),
  );
  const remove = useAction((id: string, organizationId) =>
    unwrap(http.DELETE('/api/allocations/{id}', { params: { path: { id }, query: { organizationId } } })),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form className="row" onSubmit={submit} aria-label={`Allocation of ${member.name}`}>
      {event.ticketTypes.map((t) => (
        <label key={t.id}>
          {t.name}
          <input
            type="number"
            min={0}
            className="narrow"
            value={values[t.id]}
            onChange={(e) => setValues((v) => ({ ...v, [t.id]: e.target.value }))}
          />
        </label>
      ))}
      <button type="submit" disabled={save.isPending}>
        Save
      </button>
      {whole && (
        <button type="button" className="secondary" disabled={remove.isPending} onClick={() => remove.mutate(whole.id)}>
          Delete
        </button>
      )}
      <ErrorNotice error={save.error ?? remove.error} />
    </form>
  );
}
