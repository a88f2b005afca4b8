import { i18next } from '../../i18n';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../ui/router';
import { http, unwrap } from '../../api/instance';
import type { RequestBody } from '../../api/types';
import { useAction } from '../../data/queries';
import { ErrorNotice } from '../../ui/feedback';
import * as EventRows from '../../ui/EventRows';
import { useAccess } from '../../data/access';
import { write } from '../../offline/write';

type Body = RequestBody<'/api/shared-events', 'post'>;

/**
 * Create a Shared Event (draft) with its showtimes, ticket type templates, capacity policy and the organizations
 * to invite (found by name through the Shared Event organization search).
 */
export function CreateSharedEvent({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [date, setDate] = useState('');
  const [location, setLocation] = useState('');
  const showtimes = EventRows.useRows([EventRows.EMPTY_SHOWTIME]);
  const types = EventRows.useRows([EventRows.EMPTY_TICKET_TYPE]);
  const [policy, setPolicy] = useState<'pool' | 'quota'>('pool');
  const [perShowtime, setPerShowtime] = useState('100');
  const [invited, setInvited] = useState<{ id: string; name: string }[]>([]);
  const [search, setSearch] = useState('');
  const [typedIds, setTypedIds] = useState('');
  // The organization search is for super admins only; an admin invites by id here, or by link after creating.
  const { isSuperAdmin } = useAccess();
  const found = useQuery({
    queryKey: ['shared-event-org-search', search],
    queryFn: () =>
      unwrap(http.GET('/api/shared-event-organizations/search', { params: { query: { q: search, limit: 10 } } })),
    enabled: isSuperAdmin && search.trim().length >= 2,
  });
  const create = useAction((body: Body, organizationId) =>
    write('post', '/api/shared-events', {
      params: { query: { organizationId } },
      body,
      label: i18next.t('offline.label.newSharedEvent', { name: body.name }),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      {
        name: name.trim(),
        date: EventRows.toIso(date),
        ...(location.trim() ? { location: location.trim() } : {}),
        showtimes: EventRows.showtimesBody(showtimes.rows),
        // Name and price only, as this form always asked; no fee fields, so the API's defaults apply.
        ticketTypeTemplates: EventRows.ticketTypesBody(types.rows, false),
        capacityPolicy: policy,
        ...(policy === 'pool' ? { sharedCapacity: { perShowtime: Number(perShowtime) } } : {}),
        invitedOrganizationIds: [
          ...new Set([...invited.map((o) => o.id), ...typedIds.split(/[\s,]+/).filter(Boolean)]),
        ],
        requestId: crypto.randomUUID(),
      },
      { onSuccess: (created) => void navigate(`/shared-events/${created.id}`) },
    );
  };
  return (
    <form className="stack" onSubmit={submit} aria-label={t('sharedEvents.create.title')}>
      <h2>{t('sharedEvents.create.title')}</h2>
      <div className="fields">
        <EventRows.EventBasics
          name={{ value: name, set: setName }}
          date={{ value: date, set: setDate }}
          location={{ value: location, set: setLocation }}
          nameMax={200}
        />
        <label>
          {t('sharedEvents.create.capacity')}
          <select value={policy} onChange={(e) => setPolicy(e.target.value as 'pool' | 'quota')}>
            <option value="pool">{t('sharedEvents.create.pool')}</option>
            <option value="quota">{t('sharedEvents.create.quota')}</option>
          </select>
        </label>
        {policy === 'pool' && (
          <label>
            {t('sharedEvents.create.poolSeats')}
            <input
              required
              type="number"
              min={1}
              value={perShowtime}
              onChange={(e) => setPerShowtime(e.target.value)}
            />
          </label>
        )}
      </div>
      <EventRows.ShowtimeRows list={showtimes} prefix={t('sharedEvents.create.showtime')} labelMax={120} />
      <EventRows.TicketTypeRows
        list={types}
        prefix={t('sharedEvents.create.ticketType')}
        nameMax={120}
        withFees={false}
      />
      <fieldset>
        <legend>{t('sharedEvents.create.invite')}</legend>
        {isSuperAdmin ? (
          <>
            <label>
              {t('sharedEvents.create.findByName')}
              <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
            </label>
            <ul>
              {(found.data?.items ?? [])
                .filter((o) => !invited.some((i) => i.id === o.id))
                .map((o) => (
                  <li key={o.id}>
                    <button type="button" className="secondary" onClick={() => setInvited((list) => [...list, o])}>
                      {t('sharedEvents.create.inviteOne', { name: o.name })}
                    </button>
                  </li>
                ))}
            </ul>
          </>
        ) : (
          <>
            <label>
              {t('sharedEvents.create.ids')}
              <input value={typedIds} onChange={(e) => setTypedIds(e.target.value)} />
            </label>
            <p className="meta">{t('sharedEvents.create.orLink')}</p>
          </>
        )}
        {invited.length > 0 && (
          <p>
            {t('sharedEvents.create.invited', { names: invited.map((o) => o.name).join(', ') })}{' '}
            <button type="button" className="secondary" onClick={() => setInvited([])}>
              {t('sharedEvents.create.clear')}
            </button>
          </p>
        )}
      </fieldset>
      <div className="row">
        <button type="submit" disabled={create.isPending}>
          {t('sharedEvents.create.submit')}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          {t('sharedEvents.create.cancel')}
        </button>
      </div>
      <ErrorNotice error={create.error} title={t('sharedEvents.create.notCreated')} />
    </form>
  );
}
