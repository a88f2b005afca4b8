import { i18next } from '../../i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentMutation } from '../../data/current-mutation';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../ui/router';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { ErrorNotice, Success } from '../../ui/feedback';
import { formatDateTime } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { useAccess } from '../../data/access';
import { Table } from '../../ui/Table';
import { DirectAddSection } from './DirectAddSection';
import { can, sharedStatus, type SharedEvent } from './queries';
import { write } from '../../offline/write';

/** The roster (from the Shared Event itself), with accept/decline/leave for one's own organization, removal for
 * `manageParticipants`, invitation links (create with an optional e-mail, list, revoke), and for super admins the
 * direct add by organization id. */
export function RosterSection({ event }: { event: SharedEvent }) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const access = useAccess();
  const act = useAction(({ orgId, action }: { orgId: string; action: 'accept' | 'remove' }) => {
    const params = { params: { path: { sharedEventId: event.id, orgId } } };
    if (action === 'remove')
      return unwrap(
        http.DELETE('/api/shared-events/{sharedEventId}/participants/{orgId}', {
          params: { ...params.params, query: { organizationId } },
        }),
      );
    return unwrap(http.POST('/api/shared-events/{sharedEventId}/participants/{orgId}/accept', { ...params, body: {} }));
  });
  const admin = access.at('admin');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Declining or leaving takes the Shared Event out of the organization's sight: go to the list first and say so,
  // then refresh (refreshing first would re-read the Shared Event the organization may no longer see).
  const depart = useCurrentMutation(
    (action: 'decline' | 'leave') => {
      const params = { params: { path: { sharedEventId: event.id, orgId: organizationId } }, body: {} };
      return action === 'decline'
        ? unwrap(http.POST('/api/shared-events/{sharedEventId}/participants/{orgId}/decline', params))
        : unwrap(http.POST('/api/shared-events/{sharedEventId}/participants/{orgId}/leave', params));
    },
    {
      onSuccess: async (_, action) => {
        const values = {
          organization: access.organizationName ?? t('sharedEvents.roster.yourOrganization'),
          event: event.name,
        };
        await navigate('/shared-events', {
          state: {
            notice:
              action === 'decline' ? t('sharedEvents.roster.declined', values) : t('sharedEvents.roster.left', values),
          },
        });
        // Marked stale only: the list refetches as it mounts, the Shared Event is not read again.
        void queryClient.invalidateQueries({ queryKey: [organizationId], refetchType: 'none' });
      },
    },
  );
  const answerAndLeave = (action: 'decline' | 'leave') => depart.mutate(action);
  const ownRow = (event.participants ?? []).some((p) => p.organizationId === organizationId);
  return (
    <section aria-labelledby="roster-title">
      <h2 id="roster-title">{t('sharedEvents.roster.title')}</h2>
      {admin && event.viewer?.participantStatus === 'invited' && !ownRow && (
        // An invited organization sees a bounded view without the roster: the answer is offered here.
        <div className="row">
          <button type="button" onClick={() => act.mutate({ orgId: organizationId, action: 'accept' })}>
            {t('sharedEvents.roster.acceptFor', { name: access.organizationName })}
          </button>
          <button type="button" className="secondary" onClick={() => answerAndLeave('decline')}>
            {t('sharedEvents.roster.declineFor', { name: access.organizationName })}
          </button>
        </div>
      )}
      <Table
        caption={t('sharedEvents.roster.caption')}
        head={[
          t('sharedEvents.column.organization'),
          t('sharedEvents.roster.role'),
          t('sharedEvents.column.status'),
          t('sharedEvents.column.action'),
        ]}
        rows={(event.participants ?? []).map((p) => {
          const own = p.organizationId === organizationId;
          const name = p.organizationName ?? p.organizationId;
          return [
            name,
            p.role === 'organizer' ? t('sharedEvents.roster.organizer') : t('sharedEvents.roster.participant'),
            sharedStatus(p.status),
            <div className="row" key={p.organizationId}>
              {own && admin && p.status === 'invited' && (
                <>
                  <button type="button" onClick={() => act.mutate({ orgId: p.organizationId, action: 'accept' })}>
                    {t('sharedEvents.roster.acceptFor', { name })}
                  </button>
                  <button type="button" className="secondary" onClick={() => answerAndLeave('decline')}>
                    {t('sharedEvents.roster.declineFor', { name })}
                  </button>
                </>
              )}
              {own && admin && p.role !== 'organizer' && ['accepted', 'active'].includes(p.status) && (
                <button
                  type="button"
                  className="danger"
                  onClick={() =>
                    window.confirm(t('sharedEvents.roster.confirmLeave', { event: event.name })) &&
                    answerAndLeave('leave')
                  }
                >
                  {t('sharedEvents.roster.leave')}
                </button>
              )}
              {!own &&
                p.role !== 'organizer' &&
                can(event, 'manageParticipants') &&
                !['removed', 'left', 'declined'].includes(p.status) && (
                  <button
                    type="button"
                    className="danger"
                    aria-label={t('sharedEvents.roster.removeOne', { name })}
                    onClick={() =>
                      window.confirm(t('sharedEvents.roster.confirmRemove', { name, event: event.name })) &&
                      act.mutate({ orgId: p.organizationId, action: 'remove' })
                    }
                  >
                    {t('sharedEvents.roster.remove')}
                  </button>
                )}
            </div>,
          ];
        })}
      />
      {act.data && 'status' in act.data && (
        <Success>
          {t('sharedEvents.roster.recorded', {
            name: act.data.organizationName ?? t('sharedEvents.roster.theOrganization'),
            status: sharedStatus(act.data.status).toLocaleLowerCase(),
          })}
        </Success>
      )}
      <ErrorNotice error={act.error ?? depart.error} />
      {can(event, 'manageParticipants') && <InvitationLinks event={event} />}
      {access.isSuperAdmin && <DirectAddSection event={event} />}
    </section>
  );
}

function InvitationLinks({ event }: { event: SharedEvent }) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const [email, setEmail] = useState('');
  const params = { params: { path: { sharedEventId: event.id }, query: { organizationId } } };
  const links = useQuery({
    queryKey: [organizationId, 'shared-event-links', event.id],
    queryFn: () => unwrap(http.GET('/api/shared-events/{sharedEventId}/invitation-links', params)),
  });
  const create = useAction(() =>
    write('post', '/api/shared-events/{sharedEventId}/invitation-links', {
      ...params,
      body: email.trim() ? { email: email.trim() } : {},
      label: i18next.t('offline.label.invitationLink'),
    }),
  );
  const revoke = useAction((linkId: string) =>
    unwrap(
      http.DELETE('/api/shared-events/{sharedEventId}/invitation-links/{linkId}', {
        params: { path: { sharedEventId: event.id, linkId }, query: { organizationId } },
      }),
    ),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(undefined);
  };
  return (
    <>
      <h3>{t('sharedEvents.links.title')}</h3>
      <form className="fields" onSubmit={submit} aria-label={t('sharedEvents.links.form')}>
        <label>
          {t('sharedEvents.links.email')}
          <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <button type="submit" disabled={create.isPending}>
          {t('sharedEvents.links.create')}
        </button>
      </form>
      {create.data && (
        <Success>
          {t('sharedEvents.links.share')} <a href={create.data.url}>{create.data.url}</a>
        </Success>
      )}
      <ErrorNotice error={create.error ?? revoke.error} />
      <Guarded query={links} what={t('sharedEvents.links.loading')}>
        {(data) => (
          <Table
            caption={t('sharedEvents.links.title')}
            head={[
              t('sharedEvents.links.created'),
              t('sharedEvents.links.expires'),
              t('sharedEvents.column.status'),
              t('sharedEvents.column.action'),
            ]}
            rows={data.items.map((l) => [
              formatDateTime(l.createdAt),
              formatDateTime(l.expiresAt),
              t(`sharedEvents.links.states.${l.status}`, { defaultValue: l.status }),
              l.status === 'active' ? (
                <button key={l.id} type="button" className="secondary" onClick={() => revoke.mutate(l.id)}>
                  {t('sharedEvents.links.revoke')}
                </button>
              ) : (
                ''
              ),
            ])}
          />
        )}
      </Guarded>
    </>
  );
}
