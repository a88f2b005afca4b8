import { i18next } from '../../i18n';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
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
  return (
    <>
      <h1>Partner sales</h1>
      <Guarded query={events} what="Loading events">
        {() =>
          !chosen ? (
            <Empty>No events yet.</Empty>
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
      <form className="fields" onSubmit={submit} aria-label="Invite a partner organization">
        <label>
          Partner admin&apos;s e-mail
          <input required type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <button type="submit" disabled={invite.isPending}>
          Invite to sell
        </button>
      </form>
      {invite.data && (
        <Success>
          {invite.data.delegation.partnerOrganizationName} is invited.
          {invite.data.invitationLink && (
            <>
              {' '}
              Their admin accepts through <a href={invite.data.invitationLink}>this link</a> (also e-mailed).
            </>
          )}
        </Success>
      )}
      <ErrorNotice error={invite.error} title="Not invited" />
      <Guarded query={list} what="Loading delegations">
        {(data) => (
          <Table
            caption="Delegations"
            head={['Partner', 'Status', 'Since', 'Action']}
            rows={data.items.map((d) => [
              d.partnerOrganizationName,
              d.status + (d.revokedReason ? ` (${d.revokedReason})` : ''),
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
      aria-label={`Revoke ${partner}`}
      onSubmit={(e) => {
        e.preventDefault();
        revoke.mutate(undefined);
      }}
    >
      <label>
        Reason
        <input required value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <button type="submit" className="danger" disabled={revoke.isPending}>
        Revoke now
      </button>
      <ErrorNotice error={revoke.error} />
    </form>
  );
}
