import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { http, unwrap } from '../../api/instance';
import { ROLES, type ResponseData, type Role } from '../../api/types';
import { PAGE_SIZE, pagesOf } from '../../data/queries';
import { useSuperAction } from './useSuperAction';
import { ErrorNotice, Success } from '../../ui/feedback';
import { formatNumber, roleLabel } from '../../ui/format';
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
  const { t } = useTranslation();
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
      <h1>{t('superAdmin.users.title')}</h1>
      <form
        className="row"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(search.trim());
        }}
      >
        <label>
          {t('superAdmin.users.search')}
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <button type="submit">{t('superAdmin.users.searchButton')}</button>
      </form>
      <Guarded query={users} what={t('superAdmin.users.loading')}>
        {(data) => (
          <>
            <Table
              caption={t('superAdmin.users.title')}
              head={[
                t('superAdmin.users.select'),
                t('superAdmin.users.name'),
                t('superAdmin.users.email'),
                t('superAdmin.users.superAdmin'),
                t('common.edit'),
              ]}
              rows={pagesOf(data).map((u) => [
                <input
                  key="s"
                  type="checkbox"
                  aria-label={t('superAdmin.users.selectNamed', { name: u.name })}
                  checked={selected.includes(u.id)}
                  onChange={(e) => toggle(u.id, e.target.checked)}
                />,
                u.name + (u.deletedAt ? ` ${t('superAdmin.users.deleted')}` : ''),
                u.email,
                <SuperFlag key="f" user={u} />,
                <EditUser key="e" user={u} />,
              ])}
            />
            {users.hasNextPage && (
              <button type="button" className="secondary" onClick={() => void users.fetchNextPage()}>
                {t('superAdmin.users.more')}
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
  const { t } = useTranslation();
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
        <span className="sr-only">{t('superAdmin.users.isA', { name: user.name })} </span>
        {t('superAdmin.users.superAdminBox')}
      </label>
      <ErrorNotice error={set.error} />
    </>
  );
}

function EditUser({ user }: { user: User }) {
  const [name, setName] = useState(user.name);
  const [phone, setPhone] = useState(user.phone ?? '');
  const { t } = useTranslation();
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
          {t('superAdmin.users.restore', { name: user.name })}
        </button>
        <ErrorNotice error={restore.error} />
      </>
    );
  return (
    <form
      className="row"
      aria-label={t('superAdmin.users.editNamed', { name: user.name })}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(undefined);
      }}
    >
      <label>
        {t('superAdmin.users.name')}
        <input required value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        {t('superAdmin.users.phone')}
        <input value={phone} onChange={(e) => setPhone(e.target.value)} />
      </label>
      <button type="submit" className="secondary" disabled={save.isPending}>
        {t('superAdmin.users.save')}
      </button>
      <ErrorNotice error={save.error} />
    </form>
  );
}

function BulkActions({ selected, onDone }: { selected: string[]; onDone: () => void }) {
  const [organizationId, setOrganizationId] = useState('');
  const [role, setRole] = useState<Role>('member');
  const { t } = useTranslation();
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
      <h2 id="bulk-users-title">
        {t('superAdmin.users.withSelected', { count: selected.length, formatted: formatNumber(selected.length) })}
      </h2>
      <form className="fields" onSubmit={submit} aria-label={t('superAdmin.users.assignLabel')}>
        <label>
          {t('superAdmin.users.organizationId')}
          <input required value={organizationId} onChange={(e) => setOrganizationId(e.target.value)} />
        </label>
        <label>
          {t('superAdmin.users.role')}
          <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={!selected.length || assign.isPending}>
          {t('superAdmin.users.assign')}
        </button>
        <button
          type="button"
          className="danger"
          disabled={!selected.length || remove.isPending}
          onClick={() =>
            window.confirm(
              t('superAdmin.users.confirmDelete', {
                count: selected.length,
                formatted: formatNumber(selected.length),
              }),
            ) && remove.mutate(undefined, { onSuccess: onDone })
          }
        >
          {t('superAdmin.users.deleteSelected')}
        </button>
      </form>
      {assign.data && (
        <Success>
          {t('superAdmin.users.assigned', {
            added: formatNumber(assign.data.assigned),
            already: formatNumber(assign.data.alreadyMember.length),
            notFound: formatNumber(assign.data.notFound.length),
          })}
        </Success>
      )}
      {remove.data && (
        <Success>
          {t('superAdmin.users.deletedResult', {
            deleted: formatNumber(remove.data.deleted),
            notFound: formatNumber(remove.data.notFound.length),
            skipped: formatNumber(remove.data.skipped.length),
          })}
        </Success>
      )}
      <ErrorNotice error={assign.error ?? remove.error} />
    </section>
  );
}

/** CSV import (email,name,firstName,lastName,phone): each refused line is listed with its reason. */
function CsvImport() {
  const [csv, setCsv] = useState('');
  const { t } = useTranslation();
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
      <h2 id="import-title">{t('superAdmin.users.importTitle')}</h2>
      <label>
        {t('admin.import.file')}
        <input type="file" accept=".csv,text/csv" onChange={(e) => void e.target.files?.[0]?.text().then(setCsv)} />
      </label>
      <label>
        {t('superAdmin.users.paste')}
        <textarea rows={4} value={csv} onChange={(e) => setCsv(e.target.value)} />
      </label>
      <button type="button" disabled={!csv.trim() || run.isPending} onClick={() => run.mutate(undefined)}>
        {t('superAdmin.users.import')}
      </button>
      {run.data && <ImportLines result={run.data} />}
      <ErrorNotice error={run.error} title={t('admin.import.nothing')} />
    </section>
  );
}

function ImportLines({ result }: { result: ImportResult }) {
  const { t } = useTranslation();
  return (
    <div role="status" className={result.errors.length ? 'notice' : 'notice success'}>
      {t('admin.import.result', {
        created: formatNumber(result.created),
        updated: formatNumber(result.updated),
        skipped: formatNumber(result.skipped),
      })}
      {result.errors.length > 0 && (
        <ul aria-label={t('admin.import.refused')}>
          {result.errors.map((e) => (
            <li key={e.line}>{t('admin.import.line', { line: e.line, message: e.message })}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
