import { useTranslation } from 'react-i18next';
import { useSearchParams, Link } from '../../ui/router';
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
  const { t } = useTranslation();
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
      <h1>{t('partner.accept.title')}</h1>
      {!token || !delegationId ? (
        <Empty>{t('partner.accept.noToken')}</Empty>
      ) : (
        <>
          <p>{t('partner.accept.explain', { name: membership?.organizationName ?? '' })}</p>
          <div className="row">
            <button type="button" disabled={done || accept.isPending} onClick={() => accept.mutate(undefined)}>
              {t('partner.accept.submit')}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={done || decline.isPending}
              onClick={() => decline.mutate(undefined)}
            >
              {t('partner.accept.decline')}
            </button>
          </div>
          {accept.data && (
            <Success>
              {t('partner.accept.accepted', { owner: accept.data.delegatedEvent.ownerOrganizationName })}
              {accept.data.delegatedEvent.eventName ? ` (${accept.data.delegatedEvent.eventName}` : ''}
              {accept.data.delegatedEvent.eventDate
                ? `, ${formatDateTime(accept.data.delegatedEvent.eventDate)})`
                : accept.data.delegatedEvent.eventName
                  ? ')'
                  : ''}
              . <Link to={`/partner?event=${accept.data.delegatedEvent.eventId}`}>{t('partner.accept.open')}</Link>.
            </Success>
          )}
          {decline.isSuccess && <Success>{t('partner.accept.declined')}</Success>}
          <ErrorNotice error={accept.error ?? decline.error} />
        </>
      )}
    </>
  );
}
