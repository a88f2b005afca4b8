import { i18next } from '../../i18n';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { ErrorNotice, Success } from '../../ui/feedback';
import { isForbidden, NotAllowed } from '../../ui/access';
import { STATUS_TEXT, type SharedEvent } from './queries';
import { write } from '../../offline/write';

/** Plain words for the refusals a person can meet here (the rest fall back to the API's message). */
function refusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === 'ORG_MODE_RESTRICTED')
    return 'That organization is a selling partner: only full organizations can take part in a Shared Event.';
  if (error.status === 404) return 'No organization (or Shared Event) with that id. Check the id and try again.';
  if (error.status === 409)
    return `The roster could not take that organization now. ${error.message} Reload the page to see the roster.`;
  return undefined;
}

/**
 * Super admins only (the route answers 403 to everyone else): put an organization on the roster directly, by its
 * id or found by name, which admits it at once (also one that declined, left or was removed;
 * docs/shared-events.md). The organization must be a full organization.
 */
export function DirectAddSection({ event }: { event: SharedEvent }) {
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
      <h3 id="direct-add-title">Add an organization directly (super admin)</h3>
      <p className="meta">
        The organization joins at once, without an invitation to answer. Use it to repair the roster, for example to
        bring back an organization that left by mistake.
      </p>
      <form className="fields" onSubmit={submit} aria-label="Add an organization to the roster">
        <label>
          Organization id
          <input required value={organizationId} onChange={(e) => setOrganizationId(e.target.value)} />
        </label>
        <button type="submit" disabled={add.isPending}>
          Add to the roster
        </button>
      </form>
      <label>
        Or find an organization by name
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      <ul>
        {(found.data?.items ?? []).map((o) => (
          <li key={o.id}>
            <button type="button" className="secondary" onClick={() => setOrganizationId(o.id)}>
              Use {o.name}
            </button>
          </li>
        ))}
      </ul>
      {add.data && (
        <Success>
          {add.data.organizationName ?? 'The organization'} is on the roster:{' '}
          {STATUS_TEXT[add.data.status]?.toLowerCase() ?? add.data.status}.
        </Success>
      )}
      {plain ? (
        <div role="alert" className="notice error">
          <strong>Not added.</strong> {plain}
        </div>
      ) : isForbidden(add.error) ? (
        <NotAllowed what="adding organizations directly" />
      ) : (
        <ErrorNotice error={add.error} title="Not added" />
      )}
    </section>
  );
}
