import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, unwrap } from '../../api/instance';
import { useAction, useMembers } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { ErrorNotice, Success } from '../../ui/feedback';
import { formatDateTime } from '../../ui/format';

/**
 * Door helpers (Admin): the members who may work this event's door without being Ticket Manager+. Giving is
 * idempotent (PUT), taking back is a DELETE; only plain members are offered, since Ticket Manager+ need no grant.
 */
export function DoorHelpers({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const grants = useQuery({
    queryKey: [organizationId, 'door-grants', eventId],
    queryFn: () =>
      unwrap(
        http.GET('/api/management/events/{eventId}/door-grants', {
          params: { path: { eventId }, query: { organizationId } },
        }),
      ),
  });
  const members = useMembers(eventId);
  const [userId, setUserId] = useState('');
  const [done, setDone] = useState<string>();
  const give = useAction((id: string, org) =>
    unwrap(
      http.PUT('/api/management/events/{eventId}/door-grants/{userId}', {
        params: { path: { eventId, userId: id }, query: { organizationId: org } },
        body: {},
      }),
    ),
  );
  const take = useAction((id: string, org) =>
    unwrap(
      http.DELETE('/api/management/events/{eventId}/door-grants/{userId}', {
        params: { path: { eventId, userId: id }, query: { organizationId: org } },
        body: {},
      }),
    ),
  );
  const holders = new Set((grants.data?.items ?? []).map((g) => g.userId));
  const candidates = (members.data?.items ?? []).filter((m) => m.role === 'member' && !holders.has(m.userId));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!userId) return;
    give.mutate(userId, {
      onSuccess: (grant) => {
        setDone(t('door.helpers.given', { name: grant.userName }));
        setUserId('');
      },
    });
  }

  return (
    <section className="door-helpers" aria-labelledby="door-helpers-title">
      <h2 id="door-helpers-title">{t('door.helpers.title')}</h2>
      <p className="meta">{t('door.helpers.intro')}</p>
      <p>{t('door.helpers.address', { address: `${window.location.origin}/door?event=${eventId}` })}</p>
      <ErrorNotice error={grants.error ?? members.error} title={t('door.helpers.couldNotLoad')} />
      {grants.data && grants.data.items.length === 0 && <p className="empty">{t('door.helpers.none')}</p>}
      {grants.data && grants.data.items.length > 0 && (
        <ul className="door-helper-list">
          {grants.data.items.map((g) => (
            <li key={g.userId}>
              <span>
                {t('door.helpers.holder', { name: g.userName, by: g.grantedByName, at: formatDateTime(g.grantedAt) })}
              </span>{' '}
              <button
                type="button"
                className="danger"
                disabled={take.isPending}
                onClick={() =>
                  take.mutate(g.userId, { onSuccess: () => setDone(t('door.helpers.taken', { name: g.userName })) })
                }
              >
                {t('door.helpers.take', { name: g.userName })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="door-helper-give">
        <label>
          {t('door.helpers.member')}
          <select value={userId} onChange={(e) => setUserId(e.target.value)}>
            <option value="">{t('door.helpers.choose')}</option>
            {candidates.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={!userId || give.isPending}>
          {t('door.helpers.give')}
        </button>
      </form>
      {done && <Success>{done}</Success>}
      <ErrorNotice error={give.error ?? take.error} />
    </section>
  );
}
