import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { ErrorNotice } from '../../ui/feedback';
import { Table } from '../../ui/Table';
import { CAPABILITIES, can, capabilityLabel, type Capability, type SharedEvent } from './queries';

/** Owners and capability grants of the caller's organization; issuing and revoking for `manageOwners` holders
 * (candidates: the organization's approved users, one paged call). */
export function GrantsSection({ event }: { event: SharedEvent }) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const manage = can(event, 'manageOwners');
  const users = useQuery({
    queryKey: [organizationId, 'shared-event-users', event.id],
    queryFn: () =>
      unwrap(
        http.GET('/api/shared-events/{sharedEventId}/participants/{orgId}/users', {
          params: { path: { sharedEventId: event.id, orgId: organizationId }, query: { organizationId, limit: 100 } },
        }),
      ),
    enabled: manage,
  });
  const nameOf = (userId: string) => users.data?.items.find((u) => u.userId === userId)?.name ?? userId;
  const revoke = useAction((userId: string) =>
    unwrap(
      http.DELETE('/api/shared-events/{sharedEventId}/grants/{granteeUserId}', {
        params: { path: { sharedEventId: event.id, granteeUserId: userId }, query: { organizationId } },
      }),
    ),
  );
  const grants = (event.grants ?? []).filter((g) => g.organizationId === organizationId);
  const owners = (event.owners ?? []).filter((o) => o.organizationId === organizationId);
  return (
    <section aria-labelledby="grants-title">
      <h2 id="grants-title">{t('sharedEvents.grants.title')}</h2>
      <p>
        {t('sharedEvents.grants.owners', {
          names: owners.length ? owners.map((o) => nameOf(o.userId)).join(', ') : t('sharedEvents.grants.none'),
        })}
      </p>
      <Table
        caption={t('sharedEvents.grants.caption')}
        head={[
          t('sharedEvents.grants.person'),
          t('sharedEvents.grants.capabilities'),
          ...(manage ? [t('sharedEvents.grants.revoke')] : []),
        ]}
        rows={grants.map((g) => [
          nameOf(g.userId),
          g.capabilities.map((c) => capabilityLabel(c)).join(', '),
          ...(manage
            ? [
                <button key={g.userId} type="button" className="secondary" onClick={() => revoke.mutate(g.userId)}>
                  {t('sharedEvents.grants.revoke')}
                </button>,
              ]
            : []),
        ])}
      />
      <ErrorNotice error={revoke.error} />
      {manage && users.data && <IssueGrant event={event} users={users.data.items} />}
    </section>
  );
}

function IssueGrant({ event, users }: { event: SharedEvent; users: { userId: string; name: string }[] }) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const [userId, setUserId] = useState(users[0]?.userId ?? '');
  const [chosen, setChosen] = useState<Capability[]>([]);
  const issue = useAction(() =>
    unwrap(
      http.PUT('/api/shared-events/{sharedEventId}/grants/{granteeUserId}', {
        params: { path: { sharedEventId: event.id, granteeUserId: userId }, query: { organizationId } },
        body: { capabilities: chosen },
      }),
    ),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    issue.mutate(undefined);
  };
  return (
    <form className="stack" onSubmit={submit} aria-label={t('sharedEvents.grants.issueForm')}>
      <label>
        {t('sharedEvents.grants.person')}
        <select value={userId} onChange={(e) => setUserId(e.target.value)}>
          {users.map((u) => (
            <option key={u.userId} value={u.userId}>
              {u.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>{t('sharedEvents.grants.capabilities')}</legend>
        {CAPABILITIES.map((c) => (
          <label key={c} className="check">
            <input
              type="checkbox"
              checked={chosen.includes(c)}
              onChange={(e) => setChosen((list) => (e.target.checked ? [...list, c] : list.filter((x) => x !== c)))}
            />
            {capabilityLabel(c)}
          </label>
        ))}
      </fieldset>
      <button type="submit" disabled={issue.isPending || chosen.length === 0 || !userId}>
        {t('sharedEvents.grants.issue')}
      </button>
      <ErrorNotice error={issue.error} />
    </form>
  );
}
