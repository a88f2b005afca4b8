import { i18next } from '../../i18n';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { Empty, ErrorNotice, Success } from '../../ui/feedback';
import { formatDateTime } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { EventSelect } from '../../ui/EventSelect';
import { useChosenEvent, useEvents } from '../../data/events';
import { Table } from '../../ui/Table';
import { write } from '../../offline/write';

/**
 * The owner's sales delegations for an event: invite a partner organization by its admin's e-mail (the link to
 * share is shown), see each delegation's state, revoke with a reason. Calls: events, delegations; writes on demand.
 */
export default function DelegationsPage() {
  const events = useEvents();
  const { chosen, live, choose } = useChosenEvent(events.data?.items);
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('admin.delegations.title')}</h1>
      <Guarded query={events} what={t('admin.events.loading')}>
        {() =>
          !chosen ? (
            <Empty>{t('admin.events.none')}</Empty>
          ) : (
            <>
              <EventSelect events={live} value={chosen.id} onChange={choose} />
              <Delegations eventId={chosen.id} />
            </>
          )
        }
      </Guarded>
    </>
  );
}

function Delegations({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const path = { organizationId, eventId };
  const list = useQuery({
    queryKey: [organizationId, 'delegations', eventId],
    queryFn: () =>
      unwrap(http.GET('/api/organizations/{organizationId}/events/{eventId}/sales-delegations', { params: { path } })),
  });
  const [email, setEmail] = useState('');
  const invite = useAction(() =>
    write('post', '/api/organizations/{organizationId}/events/{eventId}/sales-delegations', {
      params: { path },
      body: { partnerAdminEmail: email.trim() },
      label: i18next.t('offline.label.partnerInvitation', { email: email.trim() }),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate(undefined);
  };
  return (
    <>
      <form className="fields" onSubmit={submit} aria-label={t('admin.delegations.invite')}>
        <label>
          {t('admin.delegations.email')}
          <input required type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <button type="submit" disabled={invite.isPending}>
          {t('admin.delegations.inviteButton')}
        </button>
      </form>
      {invite.data && (
        <Success>
          {t('admin.delegations.invited', { partner: invite.data.delegation.partnerOrganizationName })}
          {invite.data.invitationLink && (
            <>
              {' '}
              {t('admin.delegations.acceptsThrough')}{' '}
              <a href={invite.data.invitationLink}>{t('admin.delegations.thisLink')}</a>{' '}
              {t('admin.delegations.alsoEmailed')}
            </>
          )}
        </Success>
      )}
      <ErrorNotice error={invite.error} title={t('admin.delegations.notInvited')} />
      <Guarded query={list} what={t('admin.delegations.loading')}>
        {(data) => (
          <Table
            caption={t('admin.delegations.caption')}
            head={[
              t('admin.delegations.partner'),
              t('admin.archive.status'),
              t('admin.delegations.since'),
              t('admin.archive.action'),
            ]}
            rows={data.items.map((d) => [
              d.partnerOrganizationName,
              t(`admin.delegations.status.${d.status}`, { defaultValue: d.status }) +
                (d.revokedReason ? ` (${d.revokedReason})` : ''),
              formatDateTime(d.respondedAt ?? d.invitedAt),
              ['invited', 'active'].includes(d.status) ? (
                <Revoke key={d.id} eventId={eventId} delegationId={d.id} partner={d.partnerOrganizationName} />
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

function Revoke({ eventId, delegationId, partner }: { eventId: string; delegationId: string; partner: string }) {
  const [reason, setReason] = useState('');
  const { t } = useTranslation();
  const revoke = useAction((_: void, organizationId) =>
    unwrap(
      http.POST('/api/organizations/{organizationId}/events/{eventId}/sales-delegations/{delegationId}/revoke', {
        params: { path: { organizationId, eventId, delegationId } },
        body: { revokedReason: reason.trim() },
      }),
    ),
  );
  return (
    <form
      className="row"
      aria-label={t('admin.delegations.revokeNamed', { partner })}
      onSubmit={(e) => {
        e.preventDefault();
        revoke.mutate(undefined);
      }}
    >
      <label>
        {t('admin.delegations.reason')}
        <input required value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <button type="submit" className="danger" disabled={revoke.isPending}>
        {t('admin.delegations.revoke')}
      </button>
      <ErrorNotice error={revoke.error} />
    </form>
  );
}
