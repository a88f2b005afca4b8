import { i18next } from '../../i18n';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
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
      <h1>Members and roles</h1>
      <AddMember />
      <Guarded query={members} what="Loading members">
        {(data) => (
          <>
            <Table
              caption="Members"
              head={['Name', 'E-mail', 'Role', 'Approved', 'Remove']}
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
                More members
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
        aria-label={`Role of ${name}`}
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
        <span className="sr-only">{name} </span>approved
      </label>
      <ErrorNotice error={change.error} />
    </>
  );
}

function Remove({ userId, name }: { userId: string; name: string }) {
  const remove = useMemberAction(userId, (_: void, id, memberId) =>
    unwrap(http.DELETE('/api/organizations/{id}/members/{memberId}', { params: { path: { id, memberId } } })),
  );
  return (
    <>
      <button
        type="button"
        className="danger"
        aria-label={`Remove ${name}`}
        disabled={remove.isPending}
        onClick={() => window.confirm(`Remove ${name} from the organization?`) && remove.mutate()}
      >
        Remove
      </button>
      <ErrorNotice error={remove.error} />
    </>
  );
}

function AddMember() {
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
    <form className="fields" onSubmit={submit} aria-label="Add a member">
      <label>
        E-mail
        <input required type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label>
        Name
        <input required value={name} onChange={(e) => setName(e.target.value)} />
      </label>
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
      <button type="submit" disabled={add.isPending}>
        Add member
      </button>
      {add.isSuccess && <Success>Added.</Success>}
      <ErrorNotice error={add.error} />
    </form>
  );
}
