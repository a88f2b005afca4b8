import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../ui/router';
import { http, unwrap } from '../../api/instance';
import { notificationsQuery, useAction } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { Empty, ErrorNotice, QueryView } from '../../ui/feedback';
import { formatDateTime } from '../../ui/format';
import { ReminderEmailsSetting } from '../member/ReminderEmailsSetting';

/** In-app notifications (one call: the 50 most recent with the unread count). */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const list = useQuery(notificationsQuery(organizationId));
  const markRead = useAction((id: string, org) =>
    unwrap(http.POST('/api/notifications/{id}/read', { params: { path: { id }, query: { organizationId: org } } })),
  );
  const remove = useAction((id: string, org) =>
    unwrap(http.DELETE('/api/notifications/{id}', { params: { path: { id }, query: { organizationId: org } } })),
  );
  const readAll = useAction((_: void, org) =>
    unwrap(http.POST('/api/notifications/read-all', { params: { query: { organizationId: org } } })),
  );
  return (
    <>
      <h1>{t('notifications.title')}</h1>
      <ReminderEmailsSetting />
      <QueryView query={list} what={t('notifications.loading')}>
        {(data) => (
          <>
            <p>
              <span data-testid="unread-count">{data.unreadCount}</span>{' '}
              {t('notifications.unread', { count: data.unreadCount })}{' '}
              {data.unreadCount > 0 && (
                <button
                  type="button"
                  className="secondary"
                  disabled={readAll.isPending}
                  onClick={() => readAll.mutate()}
                >
                  {t('notifications.markAllRead')}
                </button>
              )}
            </p>
            {[markRead.error, remove.error, readAll.error].map((error, i) => (
              <ErrorNotice key={i} error={error} />
            ))}
            {data.items.length === 0 && <Empty>{t('notifications.none')}</Empty>}
            <ul className="cards">
              {data.items.map((n) => (
                <li key={n.id} className={n.read ? 'card' : 'card unread'}>
                  <h2 className="h3">
                    {n.read ? '' : `${t('notifications.new')}: `}
                    {n.title}
                  </h2>
                  <p>{n.message}</p>
                  <p className="meta">{formatDateTime(n.createdAt)}</p>
                  <div className="row">
                    {n.actionUrl?.startsWith('/') && <Link to={n.actionUrl}>{t('notifications.open')}</Link>}
                    {!n.read && (
                      <button type="button" className="secondary" onClick={() => markRead.mutate(n.id)}>
                        {t('notifications.markRead')}
                      </button>
                    )}
                    <button type="button" className="danger" onClick={() => remove.mutate(n.id)}>
                      {t('common.delete')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryView>
    </>
  );
}
