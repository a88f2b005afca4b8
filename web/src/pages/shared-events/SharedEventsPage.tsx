import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../../ui/router';
import { http, unwrap } from '../../api/instance';
import { PAGE_SIZE, pagesOf, useAction } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { Empty, ErrorNotice, Success } from '../../ui/feedback';
import { formatDateTime } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { useAccess } from '../../data/access';
import { CreateSharedEvent } from './CreateSharedEvent';
import { sharedStatus } from './queries';

/**
 * Shared Events of the organization (one paged call), invitations waiting for the caller's organizations (one
 * call, admins), and creating one (admins of a full organization allowed to).
 */
export default function SharedEventsPage() {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const access = useAccess();
  const [creating, setCreating] = useState(false);
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const list = useInfiniteQuery({
    queryKey: [organizationId, 'shared-events'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        http.GET('/api/shared-events', {
          params: { query: { organizationId, limit: PAGE_SIZE, continuationToken: pageParam } },
        }),
      ),
    getNextPageParam: (last) => last.continuationToken,
    enabled: Boolean(organizationId),
  });
  return (
    <>
      <h1>{t('sharedEvents.list.title')}</h1>
      {notice && <Success>{notice}</Success>}
      {access.at('admin') && <PendingInvitations />}
      {access.canCreateSharedEvents &&
        (creating ? (
          <CreateSharedEvent onDone={() => setCreating(false)} />
        ) : (
          <button type="button" onClick={() => setCreating(true)}>
            {t('sharedEvents.create.title')}
          </button>
        ))}
      <Guarded query={list} what={t('sharedEvents.list.loading')}>
        {(data) =>
          pagesOf(data).length === 0 ? (
            <Empty>{t('sharedEvents.list.none')}</Empty>
          ) : (
            <ul className="cards" aria-label={t('sharedEvents.list.title')}>
              {pagesOf(data).map((e) => (
                <li className="card" key={e.id}>
                  <h2 className="h3">
                    <Link to={`/shared-events/${e.id}`}>{e.name}</Link>
                  </h2>
                  <p className="meta">
                    {formatDateTime(e.date)} {e.location ? `· ${e.location}` : ''} · {sharedStatus(e.status)} ·{' '}
                    {e.capacityPolicy === 'pool' ? t('sharedEvents.list.pool') : t('sharedEvents.list.quotas')}
                    {e.role
                      ? ` · ${e.role === 'organizer' ? t('sharedEvents.list.youOrganize') : t('sharedEvents.list.youTakePart')}`
                      : ''}
                    {e.participantStatus ? ` (${sharedStatus(e.participantStatus)})` : ''}
                  </p>
                </li>
              ))}
            </ul>
          )
        }
      </Guarded>
    </>
  );
}

/**
 * Invitations sent by link to the caller's e-mail, for organizations they administer: accept here, no link needed.
 * A link invitation has no decline (the organization is not on the roster until it accepts): left alone, it expires.
 * Roster invitations (made at creation) are answered on the Shared Event's own page, accept or decline.
 */
export function PendingInvitations() {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const pending = useQuery({
    // Not organization-scoped on the server; keyed under the organization so an answer here refreshes it.
    queryKey: [organizationId, 'shared-event-pending'],
    queryFn: () => unwrap(http.GET('/api/shared-event-invitations/pending')),
  });
  const accept = useAction((i: { invitationId: string; sharedEventId: string; organizationId: string }) =>
    unwrap(
      http.POST('/api/shared-event-invitations/pending/accept', {
        // Only the three ids: the listed item carries display fields the body refuses.
        body: { invitationId: i.invitationId, sharedEventId: i.sharedEventId, organizationId: i.organizationId },
      }),
    ),
  );
  return (
    <section aria-labelledby="pending-title">
      <h2 id="pending-title">{t('sharedEvents.pending.title')}</h2>
      <Guarded query={pending} what={t('sharedEvents.pending.loading')}>
        {(data) =>
          data.items.length === 0 ? (
            <Empty>{t('sharedEvents.pending.none')}</Empty>
          ) : (
            <ul className="cards">
              {data.items.map((i) => (
                <li className="card" key={i.invitationId}>
                  <strong>{i.sharedEventName}</strong>
                  {i.organizerOrganizationName
                    ? ` ${t('sharedEvents.pending.from', { name: i.organizerOrganizationName })}`
                    : ''}{' '}
                  · {t('sharedEvents.pending.until', { date: formatDateTime(i.expiresAt) })}
                  <div className="row">
                    <button type="button" onClick={() => accept.mutate(i)} disabled={accept.isPending}>
                      {t('sharedEvents.pending.accept', { name: i.sharedEventName })}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </Guarded>
      {accept.data && <Success>{t('sharedEvents.pending.joined', { name: accept.data.name })}</Success>}
      <ErrorNotice error={accept.error} />
    </section>
  );
}
