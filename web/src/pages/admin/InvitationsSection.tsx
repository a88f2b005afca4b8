import { i18next } from '../../i18n';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { http, unwrap } from '../../api/instance';
import { ROLES, type Role } from '../../api/types';
import { useAction } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { ErrorNotice, Success } from '../../ui/feedback';
import { formatDateTime, formatNumber, roleLabel } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { Table } from '../../ui/Table';
import { write } from '../../offline/write';

/** The join link a person opens: this client's own /join/{code} page (part 1). */
export const joinLink = (code: string) => `${window.location.origin}/join/${encodeURIComponent(code)}`;

/** Invitations to join: create (code and link to share), list, revoke. */
export function InvitationsSection() {
  const { t } = useTranslation();
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
      <h2 id="invitations-title">{t('admin.invitations.title')}</h2>
      <form className="fields" onSubmit={submit} aria-label={t('admin.invitations.new')}>
        <label>
          {t('admin.members.role')}
          <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('admin.invitations.days')}
          <input type="number" min={1} max={90} value={days} onChange={(e) => setDays(e.target.value)} />
        </label>
        <label>
          {t('admin.invitations.maxUses')}
          <input type="number" min={1} value={maxUses} onChange={(e) => setMaxUses(e.target.value)} />
        </label>
        <button type="submit" disabled={create.isPending}>
          {t('admin.invitations.create')}
        </button>
      </form>
      {create.data && (
        <Success>
          {t('admin.invitations.shareCode')} <strong>{create.data.code}</strong> {t('admin.invitations.orLink')}{' '}
          <a href={joinLink(create.data.code)}>{joinLink(create.data.code)}</a>.
        </Success>
      )}
      <ErrorNotice error={create.error} />
      <ErrorNotice error={revoke.error} />
      <Guarded query={list} what={t('admin.invitations.loading')}>
        {(data) => (
          <Table
            caption={t('admin.invitations.caption')}
            head={[
              t('admin.invitations.code'),
              t('admin.members.role'),
              t('admin.invitations.uses'),
              t('admin.invitations.expires'),
              t('admin.invitations.state'),
              t('admin.invitations.revoke'),
            ]}
            rows={data.items.map((i) => [
              <code key="c">{i.code}</code>,
              roleLabel(i.role),
              i.maxUses
                ? t('admin.invitations.usesOf', { uses: formatNumber(i.uses), max: formatNumber(i.maxUses) })
                : formatNumber(i.uses),
              formatDateTime(i.expiresAt),
              i.revokedAt
                ? t('admin.invitations.revoked')
                : Date.parse(i.expiresAt) < Date.now()
                  ? t('admin.invitations.expired')
                  : t('admin.invitations.open'),
              i.revokedAt ? (
                ''
              ) : (
                <button
                  key="r"
                  type="button"
                  className="danger"
                  aria-label={t('admin.invitations.revokeNamed', { code: i.code })}
                  onClick={() => revoke.mutate(i.code)}
                >
                  {t('admin.invitations.revoke')}
                </button>
              ),
            ])}
          />
        )}
      </Guarded>
    </section>
  );
}
