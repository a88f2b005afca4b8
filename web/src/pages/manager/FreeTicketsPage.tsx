import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../api/instance';
import type { ActiveEvent } from '../../api/types';
import { useAction, useActiveEvent } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { Empty, ErrorNotice, QueryView, Success } from '../../ui/feedback';
import { formatDateTime, showtimeName } from '../../ui/format';
import { Table } from '../../ui/Table';
import { EditFreeTicket } from './EditFreeTicket';
import { FreeTicketFields, type FreeTicketValues } from './FreeTicketFields';
import { write } from '../../offline/write';
import { TicketSheet } from '../shared/TicketSheet';

/** Free tickets of the active event: give, change and remove (calls: event, free-ticket list). */
export default function FreeTicketsPage() {
  const event = useActiveEvent();
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('free.title')}</h1>
      <QueryView query={event} what={t('home.loading')}>
        {(data) => (data ? <FreeTickets event={data} /> : <Empty>{t('pledge.noEvent')}</Empty>)}
      </QueryView>
    </>
  );
}

function FreeTickets({ event }: { event: ActiveEvent }) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const list = useQuery({
    queryKey: [organizationId, 'free-tickets', event.id],
    queryFn: () =>
      unwrap(
        http.GET('/api/events/{eventId}/free-tickets', {
          params: { path: { eventId: event.id }, query: { organizationId } },
        }),
      ),
  });
  const [values, setValues] = useState<FreeTicketValues>(() => ({
    showtimeId: event.showtimes[0]?.showtimeId ?? '',
    ticketTypeId: event.ticketTypes[0]?.id ?? '',
    quantity: '1',
    recipient: '',
    reason: '',
  }));
  const give = useAction((_: void, org) =>
    write('post', '/api/events/{eventId}/free-tickets', {
      params: { path: { eventId: event.id }, query: { organizationId: org } },
      body: {
        showtimeId: values.showtimeId,
        ticketTypeId: values.ticketTypeId,
        quantity: Number(values.quantity),
        recipient: values.recipient.trim(),
        ...(values.reason.trim() ? { reason: values.reason.trim() } : {}),
      },
      label: t('offline.label.freeTickets', { recipient: values.recipient.trim() }),
    }),
  );
  const remove = useAction((id: string, org) =>
    unwrap(
      http.DELETE('/api/events/{eventId}/free-tickets/{id}', {
        params: { path: { eventId: event.id, id }, query: { organizationId: org } },
      }),
    ),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    give.mutate(undefined, { onSuccess: () => setValues((v) => ({ ...v, recipient: '' })) });
  };
  const showtimeOf = (id: string) => event.showtimes.find((s) => s.showtimeId === id);
  return (
    <>
      <form onSubmit={submit} className="stack grid">
        <h2>{t('free.give')}</h2>
        <FreeTicketFields event={event} values={values} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))} />
        <button type="submit" disabled={give.isPending}>
          {t('free.giveSubmit')}
        </button>
        {give.isSuccess && <Success>{t('free.given')}</Success>}
        <ErrorNotice error={give.error} title={t('free.notGiven')} />
      </form>
      <ErrorNotice error={remove.error} title={t('free.notRemoved')} />
      <QueryView query={list} what={t('free.loading')}>
        {(data) => (
          <Table
            caption={t('free.caption')}
            head={[
              t('free.recipient'),
              t('stats.showtime'),
              t('free.type'),
              t('free.quantity'),
              t('free.reason'),
              t('free.givenAt'),
              '',
            ]}
            rows={data.items.map((f) => [
              f.recipient,
              showtimeName(showtimeOf(f.showtimeId) ?? {}),
              f.ticketTypeName,
              f.quantity,
              f.reason ?? '',
              formatDateTime(f.createdAt),
              <div className="row" key="x">
                <EditFreeTicket event={event} ticket={f} />
                <TicketSheet
                  source={{ kind: 'freeTicket', id: f.id, eventId: event.id }}
                  typeNames={{ [f.ticketTypeId]: f.ticketTypeName }}
                  whose={f.recipient}
                />
                <button type="button" className="danger" onClick={() => remove.mutate(f.id)}>
                  {t('free.remove')}
                  <span className="sr-only"> {t('free.whose', { name: f.recipient })}</span>
                </button>
              </div>,
            ])}
          />
        )}
      </QueryView>
    </>
  );
}
