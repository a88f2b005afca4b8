import { i18next } from '../../i18n';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { http, unwrap } from '../../api/instance';
import type { ResponseData } from '../../api/types';
import { PAGE_SIZE, pagesOf } from '../../data/queries';
import { useSuperAction } from './useSuperAction';
import { ErrorNotice, Success } from '../../ui/feedback';
import { formatDateTime } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { write } from '../../offline/write';

type Organization = ResponseData<'/api/organizations', 'get'>['items'][number];
type Mode = 'full' | 'sellingPartner';
const modeText = (mode: Mode) => i18next.t(`superAdmin.organizations.mode.${mode}`);
/** What still ties an organization to the full mode (docs/decisions/organizations.md: the blockers a downgrade names). */
const blockerText = (blocker: string) =>
  i18next.t(`superAdmin.organizations.blocker.${blocker}`, { defaultValue: blocker });

/** Organizations (one paged call): create with a mode, rename, change mode with its refusals explained, delete. */
export default function OrganizationsPage() {
  const { t } = useTranslation();
  const list = useInfiniteQuery({
    queryKey: ['super', 'organizations'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(http.GET('/api/organizations', { params: { query: { limit: PAGE_SIZE, continuationToken: pageParam } } })),
    getNextPageParam: (last) => last.continuationToken,
  });
  return (
    <>
      <h1>{t('superAdmin.organizations.title')}</h1>
      <CreateOrganization />
      <Guarded query={list} what={t('superAdmin.organizations.loading')}>
        {(data) => (
          <>
            <ul className="cards" aria-label={t('superAdmin.organizations.title')}>
              {pagesOf(data).map((o) => (
                <OrganizationCard key={o.id} organization={o} />
              ))}
            </ul>
            {list.hasNextPage && (
              <button type="button" className="secondary" onClick={() => void list.fetchNextPage()}>
                {t('superAdmin.organizations.more')}
              </button>
            )}
          </>
        )}
      </Guarded>
    </>
  );
}

function CreateOrganization() {
  const [name, setName] = useState('');
  const [mode, setMode] = useState<Mode>('full');
  const { t } = useTranslation();
  const create = useSuperAction(() =>
    write('post', '/api/organizations', {
      body: { name: name.trim(), organizationMode: mode },
      label: i18next.t('offline.label.newOrganization', { name: name.trim() }),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(undefined, { onSuccess: () => setName('') });
  };
  return (
    <form className="fields" onSubmit={submit} aria-label={t('superAdmin.organizations.new')}>
      <label>
        {t('superAdmin.organizations.name')}
        <input required value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        {t('superAdmin.organizations.modeLabel')}
        <select value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
          <option value="full">{modeText('full')}</option>
          <option value="sellingPartner">{modeText('sellingPartner')}</option>
        </select>
      </label>
      <button type="submit" disabled={create.isPending}>
        {t('superAdmin.organizations.create')}
      </button>
      {create.data && <Success>{t('superAdmin.organizations.created', { name: create.data.name })}</Success>}
      <ErrorNotice error={create.error} />
    </form>
  );
}

function OrganizationCard({ organization }: { organization: Organization }) {
  const mode: Mode = organization.organizationMode === 'sellingPartner' ? 'sellingPartner' : 'full';
  const [name, setName] = useState(organization.name);
  const path = { params: { path: { id: organization.id } } };
  const rename = useSuperAction(() =>
    unwrap(http.PUT('/api/organizations/{id}', { ...path, body: { name: name.trim() } })),
  );
  const changeMode = useSuperAction((next: Mode) =>
    unwrap(http.PUT('/api/organizations/{id}/mode', { ...path, body: { organizationMode: next } })),
  );
  const remove = useSuperAction(() => unwrap(http.DELETE('/api/organizations/{id}', path)));
  const other: Mode = mode === 'full' ? 'sellingPartner' : 'full';
  const { t } = useTranslation();
  return (
    <li className="card">
      <h2 className="h3">{organization.name}</h2>
      <p className="meta">
        {modeText(mode)} · {t('superAdmin.organizations.createdAt', { when: formatDateTime(organization.createdAt) })} ·{' '}
        <code>{organization.id}</code>
      </p>
      <form
        className="row"
        aria-label={t('superAdmin.organizations.renameNamed', { name: organization.name })}
        onSubmit={(e) => {
          e.preventDefault();
          rename.mutate(undefined);
        }}
      >
        <label>
          {t('superAdmin.organizations.nameOf', { name: organization.name })}
          <input required value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit" className="secondary" disabled={rename.isPending}>
          {t('superAdmin.organizations.rename')}
        </button>
      </form>
      <div className="row">
        <button
          type="button"
          className="secondary"
          disabled={changeMode.isPending}
          onClick={() => changeMode.mutate(other)}
        >
          {t('superAdmin.organizations.makeIt', { mode: modeText(other) })}
        </button>
        <button
          type="button"
          className="danger"
          disabled={remove.isPending}
          onClick={() =>
            window.confirm(t('superAdmin.organizations.confirmDelete', { name: organization.name })) &&
            remove.mutate(undefined)
          }
        >
          {t('common.delete')}
        </button>
      </div>
      <ModeRefusal error={changeMode.error} name={organization.name} />
      <ErrorNotice error={rename.error ?? remove.error} />
    </li>
  );
}

/** A refused mode change said in plain words: which ties keep the organization full, and what to do. */
function ModeRefusal({ error, name }: { error: unknown; name: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  if (error instanceof ApiError && error.code === 'ORG_MODE_DOWNGRADE_BLOCKED') {
    const blockers = (error.data?.blockers as string[] | undefined) ?? [];
    return (
      <div role="alert" className="notice error">
        <strong>{t('superAdmin.organizations.cannotDowngrade', { name })}</strong>
        {t('superAdmin.organizations.because', {
          reasons: blockers.length ? blockers.map(blockerText).join(t('superAdmin.organizations.and')) : error.message,
        })}{' '}
        <small className="meta">{t('feedback.code', { code: error.code })}</small>
      </div>
    );
  }
  if (error instanceof ApiError && error.code === 'ORG_MODE_TRANSITION_RACED')
    return (
      <div role="alert" className="notice error">
        {t('superAdmin.organizations.raced')}
      </div>
    );
  return <ErrorNotice error={error} title={t('superAdmin.organizations.modeNotChanged')} />;
}
