import { i18next } from '../../i18n';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { http, unwrap } from '../../api/instance';
import { ROLES, type Role } from '../../api/types';
import { useAction } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { ErrorNotice, Success } from '../../ui/feedback';
import { formatDateTime, roleLabel } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { Table } from '../../ui/Table';
import { write } from '../../offline/write';

/** The join link a person opens: this client's own /join/{code} page (part 1). */
export const joinLink = (code: string) => `${window.location.origin}/join/${encodeURIComponent(code)}`;

/** Invitations to join: create (code and link to share), list, revoke. */
export function InvitationsSection() {
  const { organizationId } = useOrganization();
  const list = useQuery({
    queryKey: [organizationId, 'invitations'],
    queryFn: () =>
      unwrap(http.GET('/api/organizations/{organizationId}/invitations', { params: { path: { organizationId } } })),
    enabled: Boolean(organizationId),
  });
  const [role, setRole] = useState<Role>('member');
  const [days, setDays] = useState('14');
  const [maxUses, setMaxUses] = useState('');
  const create = useAction((_: void, id) =>
    write('post', '/api/organizations/{organizationId}/invitations', {
      params: { path: { organizationId: id } },
      body: { role, expiresInDays: Number(days), ...(maxUses ? { maxUses: Number(maxUses) } : {}) },
      label: i18next.t('offline.label.invitationCode'),
    }),
  );
  const revoke = useAction((code: string, id) =>
    unwrap(
      http.DELETE('/api/organizations/{organizationId}/invitations/{code}', {
        params: { path: { organizationId: id, code } },
      }),
    ),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <section aria-labelledby="invitations-title">
      <h2 id="invitations-title">Invitations to join</h2>
      <form className="fields" onSubmit={submit} aria-label="New invitation">
        <label>
          Role
          <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Valid for (days)
          <input type="number" min={1} max={90} value={days} onChange={(e) => setDays(e.target.value)} />
        </label>
        <label>
          Uses (empty: unlimited)
          <input type="number" min={1} value={maxUses} onChange={(e) => setMaxUses(e.target.value)} />
        </label>
        <button type="submit" disabled={create.isPending}>
          Create invitation
        </button>
      </form>
      {create.data && (
        <Success>
          Share code <strong>{create.data.code}</strong> or the link{' '}
          <a href={joinLink(create.data.code)}>{joinLink(create.data.code)}</a>.
        </Success>
      )}
      <ErrorNotice error={create.error} />
      <ErrorNotice error={revoke.error} />
      <Guarded query={list} what="Loading invitations">
        {(data) => (
          <Table
            caption="Invitations"
            head={['Code', 'Role', 'Uses', 'Expires', 'State', 'Revoke']}
            rows={data.items.map((i) => [
              <code key="c">{i.code}</code>,
              roleLabel(i.role),
              `${i.uses}${i.maxUses ? ` of ${i.maxUses}` : ''}`,
              formatDateTime(i.expiresAt),
              i.revokedAt ? 'Revoked' : Date.parse(i.expiresAt) < Date.now() ? 'Expired' : 'Open',
              i.revokedAt ? (
                ''
              ) : (
                <button
                  key="r"
                  type="button"
                  className="danger"
                  aria-label={`Revoke ${i.code}`}
                  onClick={() => revoke.mutate(i.code)}
                >
                  Revoke
                </button>
              ),
            ])}
          />
        )}
      </Guarded>
    </section>
  );
}
