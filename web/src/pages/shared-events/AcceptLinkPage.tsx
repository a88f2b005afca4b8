import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link, useSearchParams } from '../../ui/router';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { useMe } from '../../data/session-hooks';
import { Empty, ErrorNotice, Success } from '../../ui/feedback';
import { formatDateTime } from '../../ui/format';
import { Guarded } from '../../ui/access';

/**
 * The page an invitation link opens (`/shared-events/invitations/accept?token=…`): what the Shared Event is, and
 * accepting it for one of the organizations the caller administers. Calls: preview, then accept.
 */
export default function AcceptLinkPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const me = useMe();
  const admined = (me.data?.memberships ?? []).filter((m) => m.approved && m.role === 'admin');
  const [organizationId, setOrganizationId] = useState('');
  const chosen = organizationId || admined[0]?.organizationId || '';
  const preview = useQuery({
    queryKey: ['shared-invitation-preview', token],
    queryFn: () => unwrap(http.GET('/api/shared-event-invitations/preview', { params: { query: { token } } })),
    enabled: Boolean(token),
    retry: false,
  });
  const accept = useAction(() =>
    unwrap(http.POST('/api/shared-event-invitations/accept', { body: { token, organizationId: chosen } })),
  );
  return (
    <>
      <h1>{t('sharedEvents.accept.title')}</h1>
      {!token ? (
        <Empty>{t('sharedEvents.accept.noToken')}</Empty>
      ) : (
        <Guarded query={preview} what={t('sharedEvents.accept.reading')}>
          {(p) => (
            <>
              <p>
                <strong>{p.name}</strong>
                {p.date ? `, ${formatDateTime(p.date)}` : ''}
                {p.organizerOrganizationName
                  ? ` · ${t('sharedEvents.accept.from', { name: p.organizerOrganizationName })}`
                  : ''}
              </p>
              {admined.length === 0 ? (
                <p className="notice">{t('sharedEvents.accept.adminsOnly')}</p>
              ) : (
                <div className="row">
                  <label>
                    {t('sharedEvents.accept.acceptFor')}
                    <select value={chosen} onChange={(e) => setOrganizationId(e.target.value)}>
                      {admined.map((m) => (
                        <option key={m.organizationId} value={m.organizationId}>
                          {m.organizationName}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button
                    type="button"
                    disabled={accept.isPending || accept.isSuccess}
                    onClick={() => accept.mutate(undefined)}
                  >
                    {t('sharedEvents.accept.submit')}
                  </button>
                </div>
              )}
              {accept.data && (
                <Success>
                  {t('sharedEvents.accept.joined', { name: accept.data.name })}{' '}
                  <Link to={`/shared-events/${accept.data.sharedEventId}`}>{t('sharedEvents.accept.open')}</Link>.
                </Success>
              )}
              <ErrorNotice error={accept.error} title={t('sharedEvents.accept.notAccepted')} />
            </>
          )}
        </Guarded>
      )}
    </>
  );
}
