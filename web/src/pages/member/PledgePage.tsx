import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../api/instance';
import type { ActiveEvent, Pledge } from '../../api/types';
import { useAction, useActiveEvent } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { Empty, ErrorNotice, QueryView, Success } from '../../ui/feedback';
import { formatDateTime } from '../../ui/format';

/** The member's pledge for the commitment round of the active event (calls: event, my pledge). */
export default function PledgePage() {
  const { t } = useTranslation();
  const event = useActiveEvent();
  return (
    <>
      <h1>{t('pledge.title')}</h1>
      <QueryView query={event} what={t('home.loading')}>
        {(data) => (data ? <PledgeView event={data} /> : <Empty>{t('pledge.noEvent')}</Empty>)}
      </QueryView>
    </>
  );
}

function PledgeView({ event }: { event: ActiveEvent }) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const pledge = useQuery({
    queryKey: [organizationId, 'pledge', event.id],
    queryFn: () =>
      unwrap(
        http.GET('/api/events/{eventId}/my-pledge', {
          params: { path: { eventId: event.id }, query: { organizationId } },
        }),
      ),
  });
  return (
    <section aria-labelledby="pledge-title">
      <h2 id="pledge-title">{event.name}</h2>
      <p className="meta">
        {t('pledge.round', { status: t(`pledge.status.${event.commitmentStatus ?? 'none'}`) })}
        {event.commitmentDeadline
          ? ` · ${t('pledge.deadline', { when: formatDateTime(event.commitmentDeadline) })}`
          : ''}
      </p>
      <QueryView query={pledge} what={t('pledge.loading')}>
        {(current) => <PledgeForm event={event} current={current ?? undefined} />}
      </QueryView>
    </section>
  );
}

function PledgeForm({ event, current }: { event: ActiveEvent; current?: Pledge }) {
  const { t } = useTranslation();
  const [sure, setSure] = useState(String(current?.sureCount ?? 0));
  const [possible, setPossible] = useState(String(current?.possibleCount ?? 0));
  const save = useAction((_: void, organizationId) =>
    unwrap(
      http.POST('/api/events/{eventId}/my-pledge', {
        params: { path: { eventId: event.id }, query: { organizationId } },
        body: { sureCount: Number(sure), possibleCount: Number(possible) },
      }),
    ),
  );
  const open = event.commitmentStatus === 'open';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="stack">
      {!open && <p className="notice">{t('pledge.closed')}</p>}
      <label>
        {t('pledge.sure')}
        <input
          type="number"
          min={0}
          step={1}
          required
          value={sure}
          disabled={!open}
          onChange={(e) => setSure(e.target.value)}
        />
      </label>
      <label>
        {t('pledge.possible')}
        <input
          type="number"
          min={0}
          step={1}
          required
          value={possible}
          disabled={!open}
          onChange={(e) => setPossible(e.target.value)}
        />
      </label>
      <button type="submit" disabled={!open || save.isPending}>
        {save.isPending ? t('common.saving') : current ? t('pledge.update') : t('pledge.submit')}
      </button>
      {save.isSuccess && <Success>{t('pledge.saved')}</Success>}
      <ErrorNotice error={save.error} title={t('pledge.notSaved')} />
    </form>
  );
}
