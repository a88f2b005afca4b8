import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { http, unwrap } from '../../api/instance';
import { ROLES, type ResponseData, type Role } from '../../api/types';
import { PAGE_SIZE, pagesOf } from '../../data/queries';
import { useSuperAction } from './useSuperAction';
import { ErrorNotice, Success } from '../../ui/feedback';
import { roleLabel } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { Table } from '../../ui/Table';

type User = ResponseData<'/api/users', 'get'>['items'][number];
type ImportResult = ResponseData<'/api/users/import', 'post'>;

/** Users (one paged call with search): edit, super-admin flag, restore, CSV import with per-line results, bulk
 * add to an organization and bulk delete. */
export default function UsersPage() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const users = useInfiniteQuery({
    queryKey: ['super', 'users', query],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        http.GET('/api/users', {
          params: {
            query: {
              limit: PAGE_SIZE,
              continuationToken: pageParam,
              includeDeleted: true,
              ...(query ? { search: query } : {}),
            },
          },
        }),
      ),
    getNextPageParam: (last) => last.continuationToken,
  });
  const toggle = (id: string, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  return (
    <>
      <h1>Users</h1>
      <form
        className="row"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(search.trim());
        }}
      >
        <label>
          Search by e-mail or name
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <button type="submit">Search</button>
      </form>
      <Guarded query={users} what="Loading users">
        {(data) => (
          <>
            <Table
              caption="Users"
              head={['Select', 'Name', 'E-mail', 'Super admin', 'Edit']}
              rows={pagesOf(data).map((u) => [
                <input
                  key="s"
                  type="checkbox"
                  aria-label={`Select ${u.name}`}
                  checked={selected.includes(u.id)}
                  onChange={(e) => toggle(u.id, e.target.checked)}
                />,
                u.name + (u.deletedAt ? ' (deleted)' : ''),
                u.email,
                <SuperFlag key="f" user={u} />,
                <EditUser key="e" user={u} />,
              ])}
            />
            {users.hasNextPage && (
              <button type="button" className="secondary" onClick={() => void users.fetchNextPage()}>
                More users
              </button>
            )}
          </>
        )}
      </Guarded>
      <BulkActions selected={selected} onDone={() => setSelected([])} />
      <CsvImport />
    </>
  );
}

function SuperFlag({ user }: { user: User }) {
  const set = useSuperAction((on: boolean) =>
    unwrap(http.PUT('/api/users/{id}/super-admin', { params: { path: { id: user.id } }, body: { isSuperAdmin: on } })),
  );
  return (
    <>
      <label className="check">
        <input
          type="checkbox"
          checked={user.isSuperAdmin}
          disabled={set.isPending}
          onChange={(e) => set.mutate(e.target.checked)}
        />
        <span className="sr-only">{user.name} is a </span>super admin
      </label>
      <ErrorNotice error={set.error} />
    </>
  );
}

function EditUser({ user }: { user: User }) {
  const [name, setName] = useState(user.name);
  const [phone, setPhone] = useState(user.phone ?? '');
  const save = useSuperAction(() =>
    unwrap(
      http.PUT('/api/users/{id}', {
        params: { path: { id: user.id } },
        body: { name: name.trim(), phone: phone.trim() },
      }),
    ),
  );
  const restore = useSuperAction(() =>
    unwrap(http.POST('/api/users/{id}/restore', { params: { path: { id: user.id } } })),
  );
  if (user.deletedAt)
    return (
      <>
        <button type="button" className="secondary" onClick={() => restore.mutate(undefined)}>
          Restore {user.name}
        </button>
        <ErrorNotice error={restore.error} />
      </>
    );
  return (
    <form
      className="row"
      aria-label={`Edit ${user.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(undefined);
      }}
    >
      <label>
        Name
        <input required value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Phone
        <input value={phone} onChange={(e) => setPhone(e.target.value)} />
      </label>
      <button type="submit" className="secondary" disabled={save.isPending}>
        Save
      </button>
      <ErrorNotice error={save.error} />
    </form>
  );
}

function BulkActions({ selected, onDone }: { selected: string[]; onDone: () => void }) {
  const [organizationId, setOrganizationId] = useState('');
  const [role, setRole] = useState<Role>('member');
  const assign = useSuperAction(() =>
    unwrap(
      http.POST('/api/users/bulk-assign-organization', {
        body: { userIds: selected, organizationId: organizationId.trim(), role },
      }),
    ),
  );
  const remove = useSuperAction(() => unwrap(http.DELETE('/api/users/bulk-delete', { body: { userIds: selected } })));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    assign.mutate(undefined, { onSuccess: onDone });
  };
  return (
    <section aria-labelledby="bulk-users-title">
      <h2 id="bulk-users-title">With the {selected.length} selected</h2>
      <form className="fields" onSubmit={submit} aria-label="Add the selected users to an organization">
        <label>
          Organization id
          <input required value={organizationId} onChange={(e) => setOrganizationId(e.target.value)} />
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
        <button type="submit" disabled={!selected.length || assign.isPending}>
          Add to the organization
        </button>
        <button
          type="button"
          className="danger"
          disabled={!selected.length || remove.isPending}
          onClick={() =>
            window.confirm(`Delete ${selected.length} users? They are logged out at once.`) &&
            remove.mutate(undefined, { onSuccess: onDone })
          }
        >
          Delete the selected
        </button>
      </form>
      {assign.data && (
        <Success>
          {assign.data.assigned} added; already members: {assign.data.alreadyMember.length}; not found:{' '}
          {assign.data.notFound.length}.
        </Success>
      )}
      {remove.data && (
        <Success>
          {remove.data.deleted} deleted; not found: {remove.data.notFound.length}; skipped (yourself):{' '}
          {remove.data.skipped.length}.
        </Success>
      )}
      <ErrorNotice error={assign.error ?? remove.error} />
    </section>
  );
}

/** CSV import (email,name,firstName,lastName,phone): each refused line is listed with its reason. */
function CsvImport() {
  const [csv, setCsv] = useState('');
  const run = useSuperAction(() =>
    unwrap(
      http.POST('/api/users/import', {
        body: csv,
        bodySerializer: (body: unknown) => body as string,
        headers: { 'content-type': 'text/csv' },
      }),
    ),
  );
  return (
    <section aria-labelledby="import-title">
      <h2 id="import-title">Import users from CSV</h2>
      <label>
        CSV file
        <input type="file" accept=".csv,text/csv" onChange={(e) => void e.target.files?.[0]?.text().then(setCsv)} />
      </label>
      <label>
        Or paste the lines (email,name,firstName,lastName,phone)
        <textarea rows={4} value={csv} onChange={(e) => setCsv(e.target.value)} />
      </label>
      <button type="button" disabled={!csv.trim() || run.isPending} onClick={() => run.mutate(undefined)}>
        Import
      </button>
      {run.data && <ImportLines result={run.data} />}
      <ErrorNotice error={run.error} title="Nothing was imported" />
    </section>
  );
}

function ImportLines({ result }: { result: ImportResult }) {
  return (
    <div role="status" className={result.errors.length ? 'notice' : 'notice success'}>
      {result.created} created, {result.updated} updated, {result.skipped} skipped.
      {result.errors.length > 0 && (
        <ul aria-label="Lines not imported">
          {result.errors.map((e) => (
            <li key={e.line}>
              Line {e.line}: {e.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
