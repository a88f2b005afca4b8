import { i18next } from '../../i18n';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { http, unwrap } from '../../api/instance';
import { ROLES, type Role } from '../../api/types';
import { PAGE_SIZE, pagesOf, useAction } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { ErrorNotice, Success } from '../../ui/feedback';
import { roleLabel } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { Table } from '../../ui/Table';
import { InvitationsSection } from './InvitationsSection';
import { MembersImport } from './MembersImport';
import { write } from '../../offline/write';

/**
 * Members and roles: the organization's memberships (one paged call), change role or approval, remove, add by
 * e-mail; invitations to join below.
 */
export default function MembersPage() {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const members = useInfiniteQuery({
    queryKey: [organizationId, 'org-members'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        http.GET('/api/organizations/{id}/members', {
          params: { path: { id: organizationId }, query: { limit: PAGE_SIZE, continuationToken: pageParam } },
        }),
      ),
    getNextPageParam: (last) => last.continuationToken,
    enabled: Boolean(organizationId),
  });
  return (
    <>
      <h1>{t('admin.members.title')}</h1>
      <AddMember />
      <Guarded query={members} what={t('admin.members.loading')}>
        {(data) => (
          <>
            <Table
              caption={t('admin.members.caption')}
              head={[
                t('admin.members.name'),
                t('admin.members.email'),
                t('admin.members.role'),
                t('admin.members.approved'),
                t('admin.members.remove'),
              ]}
              rows={pagesOf(data).map((m) => [
                m.user.name,
                m.user.email,
                <RoleSelect key="role" userId={m.userId} name={m.user.name} role={m.role} />,
                <Approve key="ok" userId={m.userId} name={m.user.name} approved={m.approved} />,
                <Remove key="rm" userId={m.userId} name={m.user.name} />,
              ])}
            />
            {members.hasNextPage && (
              <button type="button" className="secondary" onClick={() => void members.fetchNextPage()}>
                {t('admin.members.more')}
              </button>
            )}
          </>
        )}
      </Guarded>
      <MembersImport />
      <InvitationsSection />
    </>
  );
}

const useMemberAction = <T,>(
  userId: string,
  run: (input: T, organizationId: string, memberId: string) => Promise<unknown>,
) => useAction((input: T, organizationId) => run(input, organizationId, userId));

function RoleSelect({ userId, name, role }: { userId: string; name: string; role: Role }) {
  const { t } = useTranslation();
  const change = useMemberAction(userId, (next: Role, id, memberId) =>
    unwrap(
      http.PUT('/api/organizations/{id}/members/{memberId}', {
        params: { path: { id, memberId } },
        body: { role: next },
      }),
    ),
  );
  return (
    <>
      <select
        aria-label={t('admin.members.roleOf', { name })}
        value={role}
        disabled={change.isPending}
        onChange={(e) => change.mutate(e.target.value as Role)}
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {roleLabel(r)}
          </option>
        ))}
      </select>
      <ErrorNotice error={change.error} />
    </>
  );
}

function Approve({ userId, name, approved }: { userId: string; name: string; approved: boolean }) {
  const { t } = useTranslation();
  const change = useMemberAction(userId, (next: boolean, id, memberId) =>
    unwrap(
      http.PUT('/api/organizations/{id}/members/{memberId}', {
        params: { path: { id, memberId } },
        body: { approved: next },
      }),
    ),
  );
  return (
    <>
      <label className="check">
        <input
          type="checkbox"
          checked={approved}
          disabled={change.isPending}
          onChange={(e) => change.mutate(e.target.checked)}
        />{' '}
        <span className="sr-only">{name} </span>
        {t('admin.members.approvedBox')}
      </label>
      <ErrorNotice error={change.error} />
    </>
  );
}

function Remove({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation();
  const remove = useMemberAction(userId, (_: void, id, memberId) =>
    unwrap(http.DELETE('/api/organizations/{id}/members/{memberId}', { params: { path: { id, memberId } } })),
  );
  return (
    <>
      <button
        type="button"
        className="danger"
        aria-label={t('admin.members.removeNamed', { name })}
        disabled={remove.isPending}
        onClick={() => window.confirm(t('admin.members.confirmRemove', { name })) && remove.mutate()}
      >
        {t('admin.members.remove')}
      </button>
      <ErrorNotice error={remove.error} />
    </>
  );
}

function AddMember() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('member');
  const add = useAction((_: void, id) =>
    write('post', '/api/organizations/{id}/members', {
      params: { path: { id } },
      body: { email: email.trim(), name: name.trim(), role },
      label: i18next.t('offline.label.newMember', { email: email.trim() }),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(undefined, { onSuccess: () => (setEmail(''), setName('')) });
  };
  return (
    <form className="fields" onSubmit={submit} aria-label={t('admin.members.add')}>
      <label>
        {t('admin.members.email')}
        <input required type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label>
        {t('admin.members.name')}
        <input required value={name} onChange={(e) => setName(e.target.value)} />
      </label>
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
      <button type="submit" disabled={add.isPending}>
        {t('admin.members.addButton')}
      </button>
      {add.isSuccess && <Success>{t('admin.members.added')}</Success>}
      <ErrorNotice error={add.error} />
    </form>
  );
}
