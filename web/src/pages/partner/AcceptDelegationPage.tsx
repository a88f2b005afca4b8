import { useSearchParams, Link } from 'react-router';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { Empty, ErrorNotice, Success } from '../../ui/feedback';
import { formatDateTime } from '../../ui/format';

/**
 * The page a sales delegation invitation opens (`/delegations/accept?token=…`): the partner admin accepts it (the
 * token names the event and the delegation) or declines it for the organization they have open.
 */
export default function AcceptDelegationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { organizationId, membership } = useOrganization();
  // Composite token: owner.event.delegation.secret (docs/decisions/delegations.md).
  const delegationId = token.split('.')[2] ?? '';
  const accept = useAction(() => unwrap(http.POST('/api/sales-delegations/accept', { body: { token } })));
  const decline = useAction(() =>
    unwrap(
      http.POST('/api/organizations/{partnerOrganizationId}/sales-delegations/{delegationId}/decline', {
        params: { path: { partnerOrganizationId: organizationId, delegationId } },
        body: {},
      }),
    ),
  );
  const done = accept.isSuccess || decline.isSuccess;
  return (
    <>
      <h1>Sell tickets for another organization</h1>
      {!token || !delegationId ? (
        <Empty>This link has no invitation in it.</Empty>
      ) : (
        <>
          <p>
            You are invited to sell tickets for another organization&apos;s event, as {membership?.organizationName}.
            Your members will be able to request tickets, and your ticket managers approve and hand them out.
          </p>
          <div className="row">
            <button type="button" disabled={done || accept.isPending} onClick={() => accept.mutate(undefined)}>
              Accept the invitation
            </button>
            <button
              type="button"
              className="secondary"
              disabled={done || decline.isPending}
              onClick={() => decline.mutate(undefined)}
            >
              Decline
            </button>
          </div>
          {accept.data && (
            <Success>
              Accepted: you now sell for {accept.data.delegatedEvent.ownerOrganizationName}
              {accept.data.delegatedEvent.eventName ? ` (${accept.data.delegatedEvent.eventName}` : ''}
              {accept.data.delegatedEvent.eventDate
                ? `, ${formatDateTime(accept.data.delegatedEvent.eventDate)})`
                : accept.data.delegatedEvent.eventName
                  ? ')'
                  : ''}
              . <Link to={`/partner?event=${accept.data.delegatedEvent.eventId}`}>Open it</Link>.
            </Success>
          )}
          {decline.isSuccess && <Success>Declined.</Success>}
          <ErrorNotice error={accept.error ?? decline.error} />
        </>
      )}
    </>
  );
}
