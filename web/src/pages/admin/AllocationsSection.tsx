import { i18next } from '../../i18n';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  return (
    <section aria-labelledby="allocations-title">
      <h2 id="allocations-title">{t('admin.allocations.title')}</h2>
      {!event.enableQuotas && <p className="meta">{t('admin.allocations.off')}</p>}
      <Guarded query={members} what={t('admin.members.loading')}>
        {(data) => (
          <Table
            caption={t('admin.allocations.caption')}
            head={[
              t('admin.allocations.member'),
              t('admin.allocations.allocated'),
              t('admin.allocations.used'),
              t('admin.allocations.left'),
              t('admin.allocations.set'),
            ]}
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
  const { t } = useTranslation();
  const whole = member.allocations.find((a) => !a.showtimeId);
  const initial = Object.fromEntries(
    event.ticketTypes.map((type) => [
      type.id,
      String(whole?.items.find((i) => i.ticketTypeId === type.id)?.allocated ?? 0),
    ]),
  );
  const [values, setValues] = useState<Record<string, string>>(initial);
  const save = useAction((_: void, organizationId) =>
    write('post', '/api/allocations', {
      params: { query: { organizationId } },
      body: {
        eventId: event.id,
        userId: member.userId,
        items: event.ticketTypes.map((type) => ({ ticketTypeId: type.id, allocated: Number(values[type.id] ?? 0) })),
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
    <form className="row" onSubmit={submit} aria-label={t('admin.allocations.of', { name: member.name })}>
      {event.ticketTypes.map((type) => (
        <label key={type.id}>
          {type.name}
          <input
            type="number"
            min={0}
            className="narrow"
            value={values[type.id]}
            onChange={(e) => setValues((v) => ({ ...v, [type.id]: e.target.value }))}
          />
        </label>
      ))}
      <button type="submit" disabled={save.isPending}>
        {t('admin.allocations.save')}
      </button>
      {whole && (
        <button type="button" className="secondary" disabled={remove.isPending} onClick={() => remove.mutate(whole.id)}>
          {t('common.delete')}
        </button>
      )}
      <ErrorNotice error={save.error ?? remove.error} />
    </form>
  );
}
