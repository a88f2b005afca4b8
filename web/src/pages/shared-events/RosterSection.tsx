import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../app/queries';
import { useOrganization } from '../../app/session-hooks';
import { ErrorNotice, Success } from '../../ui/feedback';
import { formatDateTime } from '../../ui/format';
import { Guarded, useAccess } from '../../ui/part2/access';
import { Table } from '../../ui/Table';
import { can, STATUS_TEXT, type SharedEvent } from './queries';

/** The roster (from the Shared Event itself), with accept/decline/leave for one's own organization, removal for
 * `manageParticipants`, and invitation links (create with an optional e-mail, list, revoke). */
export function RosterSection({ event }: { event: SharedEvent }) {
  const { organizationId } = useOrganization();
  const access = useAccess();
  const act = useAction(({ orgId, action }: { orgId: string; action: 'accept' | 'decline' | 'leave' | 'remove' }) => {
    const params = { params: { path: { sharedEventId: event.id, orgId } } };
    if (action === 'remove')
      return unwrap(
        http.DELETE('/api/shared-events/{sharedEventId}/participants/{orgId}', {
          params: { ...params.params, query: { organizationId } },
        }),
      );
    if (action === 'accept')
      return unwrap(
        http.POST('/api/shared-events/{sharedEventId}/participants/{orgId}/accept', { ...params, body: {} }),
      );
    if (action === 'decline')
      return unwrap(
        http.POST('/api/shared-events/{sharedEventId}/participants/{orgId}/decline', { ...params, body: {} }),
      );
    return unwrap(http.POST('/api/shared-events/{sharedEventId}/participants/{orgId}/leave', { ...params, body: {} }));
  });
  const admin = access.at('admin');
  return (
    <section aria-labelledby="roster-title">
      <h2 id="roster-title">Organizations</h2>
      <Table
        caption="Roster"
        head={['Organization', 'Role', 'Status', 'Action']}
        rows={(event.participants ?? []).map((p) => {
          const own = p.organizationId === organizationId;
          const name = p.organizationName ?? p.organizationId;
          return [
            name,
            p.role === 'organizer' ? 'Organizer' : 'Participant',
            STATUS_TEXT[p.status] ?? p.status,
            <div className="row" key={p.organizationId}>
              {own && admin && p.status === 'invited' && (
                <>
                  <button type="button" onClick={() => act.mutate({ orgId: p.organizationId, action: 'accept' })}>
                    Accept for {name}
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => act.mutate({ orgId: p.organizationId, action: 'decline' })}
                  >
                    Decline for {name}
                  </button>
                </>
              )}
              {own && admin && p.role !== 'organizer' && ['accepted', 'active'].includes(p.status) && (
                <button
                  type="button"
                  className="danger"
                  onClick={() =>
                    window.confirm(`Leave ${event.name}? Your organization stops selling for it.`) &&
                    act.mutate({ orgId: p.organizationId, action: 'leave' })
                  }
                >
                  Leave
                </button>
              )}
              {!own &&
                p.role !== 'organizer' &&
                can(event, 'manageParticipants') &&
                !['removed', 'left', 'declined'].includes(p.status) && (
                  <button
                    type="button"
                    className="danger"
                    aria-label={`Remove ${name}`}
                    onClick={() =>
                      window.confirm(`Remove ${name} from ${event.name}? It can no longer sell for it.`) &&
                      act.mutate({ orgId: p.organizationId, action: 'remove' })
                    }
                  >
                    Remove
                  </button>
                )}
            </div>,
          ];
        })}
      />
      <ErrorNotice error={act.error} />
      {can(event, 'manageParticipants') && <InvitationLinks event={event} />}
    </section>
  );
}

function InvitationLinks({ event }: { event: SharedEvent }) {
  const { organizationId } = useOrganization();
  const [email, setEmail] = useState('');
  const params = { params: { path: { sharedEventId: event.id }, query: { organizationId } } };
  const links = useQuery({
    queryKey: [organizationId, 'shared-event-links', event.id],
    queryFn: () => unwrap(http.GET('/api/shared-events/{sharedEventId}/invitation-links', params)),
  });
  const create = useAction(() =>
    unwrap(
      http.POST('/api/shared-events/{sharedEventId}/invitation-links', {
        ...params,
        body: email.trim() ? { email: email.trim() } : {},
      }),
    ),
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
      <h3>Invitation links</h3>
      <form className="fields" onSubmit={submit} aria-label="New invitation link">
        <label>
          Send to an admin's e-mail (optional)
          <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <button type="submit" disabled={create.isPending}>
          Create invitation link
        </button>
      </form>
      {create.data && (
        <Success>
          Share this link now (it is shown once): <a href={create.data.url}>{create.data.url}</a>
        </Success>
      )}
      <ErrorNotice error={create.error ?? revoke.error} />
      <Guarded query={links} what="Loading links">
        {(data) => (
          <Table
            caption="Invitation links"
            head={['Created', 'Expires', 'Status', 'Action']}
            rows={data.items.map((l) => [
              formatDateTime(l.createdAt),
              formatDateTime(l.expiresAt),
              l.status,
              l.status === 'active' ? (
                <button key={l.id} type="button" className="secondary" onClick={() => revoke.mutate(l.id)}>
                  Revoke
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
