import { i18next } from '../../i18n';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { ErrorNotice, Success } from '../../ui/feedback';
import { isForbidden, NotAllowed } from '../../ui/access';
import { sharedStatus, type SharedEvent } from './queries';
import { write } from '../../offline/write';

/** Plain words for the refusals a person can meet here (the rest fall back to the API's message). */
function refusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === 'ORG_MODE_RESTRICTED') return i18next.t('sharedEvents.directAdd.sellingPartner');
  if (error.status === 404) return i18next.t('sharedEvents.directAdd.notFound');
  if (error.status === 409) return i18next.t('sharedEvents.directAdd.conflict', { message: error.message });
  return undefined;
}

/**
 * Super admins only (the route answers 403 to everyone else): put an organization on the roster directly, by its
 * id or found by name, which admits it at once (also one that declined, left or was removed;
 * docs/shared-events.md). The organization must be a full organization.
 */
export function DirectAddSection({ event }: { event: SharedEvent }) {
  const { t } = useTranslation();
  const [organizationId, setOrganizationId] = useState('');
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: ['shared-event-org-search', search],
    queryFn: () =>
      unwrap(http.GET('/api/shared-event-organizations/search', { params: { query: { q: search, limit: 10 } } })),
    enabled: search.trim().length >= 2,
  });
  const add = useAction((id: string) =>
    write('post', '/api/shared-events/{sharedEventId}/participants', {
      params: { path: { sharedEventId: event.id } },
      body: { organizationId: id },
      label: i18next.t('offline.label.directAdd', { id }),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(organizationId.trim());
  };
  const plain = refusal(add.error);
  return (
    <section aria-labelledby="direct-add-title">
      <h3 id="direct-add-title">{t('sharedEvents.directAdd.title')}</h3>
      <p className="meta">{t('sharedEvents.directAdd.explain')}</p>
      <form className="fields" onSubmit={submit} aria-label={t('sharedEvents.directAdd.form')}>
        <label>
          {t('sharedEvents.directAdd.id')}
          <input required value={organizationId} onChange={(e) => setOrganizationId(e.target.value)} />
        </label>
        <button type="submit" disabled={add.isPending}>
          {t('sharedEvents.directAdd.submit')}
        </button>
      </form>
      <label>
        {t('sharedEvents.directAdd.find')}
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      <ul>
        {(found.data?.items ?? []).map((o) => (
          <li key={o.id}>
            <button type="button" className="secondary" onClick={() => setOrganizationId(o.id)}>
              {t('sharedEvents.directAdd.use', { name: o.name })}
            </button>
          </li>
        ))}
      </ul>
      {add.data && (
        <Success>
          {t('sharedEvents.directAdd.added', {
            name: add.data.organizationName ?? t('sharedEvents.directAdd.theOrganization'),
            status: sharedStatus(add.data.status).toLocaleLowerCase(),
          })}
        </Success>
      )}
      {plain ? (
        <div role="alert" className="notice error">
          <strong>{t('sharedEvents.directAdd.notAdded')}.</strong> {plain}
        </div>
      ) : isForbidden(add.error) ? (
        <NotAllowed what={t('sharedEvents.directAdd.what')} />
      ) : (
        <ErrorNotice error={add.error} title={t('sharedEvents.directAdd.notAdded')} />
      )}
    </section>
  );
}
