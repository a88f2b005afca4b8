import { i18next } from '../../i18n';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
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
const MODE_TEXT: Record<Mode, string> = { full: 'Full organization', sellingPartner: 'Selling partner only' };
/** What still ties an organization to the full mode (docs/decisions/organizations.md: the blockers a downgrade names). */
const BLOCKER_TEXT: Record<string, string> = {
  ownedEvents: 'it still owns events of its own (delete them first)',
  sharedEventParticipation: 'it still takes part in a Shared Event (leave or be removed first)',
  outboundSalesDelegations: 'it still has other organizations selling for it (revoke those delegations first)',
};

/** Organizations (one paged call): create with a mode, rename, change mode with its refusals explained, delete. */
export default function OrganizationsPage() {
  const list = useInfiniteQuery({
    queryKey: ['super', 'organizations'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(http.GET('/api/organizations', { params: { query: { limit: PAGE_SIZE, continuationToken: pageParam } } })),
    getNextPageParam: (last) => last.continuationToken,
  });
  return (
    <>
      <h1>Organizations</h1>
      <CreateOrganization />
      <Guarded query={list} what="Loading organizations">
        {(data) => (
          <>
            <ul className="cards" aria-label="Organizations">
              {pagesOf(data).map((o) => (
                <OrganizationCard key={o.id} organization={o} />
              ))}
            </ul>
            {list.hasNextPage && (
              <button type="button" className="secondary" onClick={() => void list.fetchNextPage()}>
                More organizations
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
    <form className="fields" onSubmit={submit} aria-label="New organization">
      <label>
        Name
        <input required value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Mode
        <select value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
          <option value="full">{MODE_TEXT.full}</option>
          <option value="sellingPartner">{MODE_TEXT.sellingPartner}</option>
        </select>
      </label>
      <button type="submit" disabled={create.isPending}>
        Create organization
      </button>
      {create.data && <Success>Created {create.data.name}.</Success>}
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
  return (
    <li className="card">
      <h2 className="h3">{organization.name}</h2>
      <p className="meta">
        {MODE_TEXT[mode]} · created {formatDateTime(organization.createdAt)} · <code>{organization.id}</code>
      </p>
      <form
        className="row"
        aria-label={`Rename ${organization.name}`}
        onSubmit={(e) => {
          e.preventDefault();
          rename.mutate(undefined);
        }}
      >
        <label>
          Name of {organization.name}
          <input required value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit" className="secondary" disabled={rename.isPending}>
          Rename
        </button>
      </form>
      <div className="row">
        <button
          type="button"
          className="secondary"
          disabled={changeMode.isPending}
          onClick={() => changeMode.mutate(other)}
        >
          Make it: {MODE_TEXT[other]}
        </button>
        <button
          type="button"
          className="danger"
          disabled={remove.isPending}
          onClick={() =>
            window.confirm(`Delete ${organization.name}? Its members lose access.`) && remove.mutate(undefined)
          }
        >
          Delete
        </button>
      </div>
      <ModeRefusal error={changeMode.error} name={organization.name} />
      <ErrorNotice error={rename.error ?? remove.error} />
    </li>
  );
}

/** A refused mode change said in plain words: which ties keep the organization full, and what to do. */
function ModeRefusal({ error, name }: { error: unknown; name: string }) {
  if (!error) return null;
  if (error instanceof ApiError && error.code === 'ORG_MODE_DOWNGRADE_BLOCKED') {
    const blockers = (error.data?.blockers as string[] | undefined) ?? [];
    return (
      <div role="alert" className="notice error">
        <strong>{name} cannot become a selling partner yet</strong>, because{' '}
        {blockers.length ? blockers.map((b) => BLOCKER_TEXT[b] ?? b).join('; and ') : error.message}.{' '}
        <small className="meta">Code {error.code}</small>
      </div>
    );
  }
  if (error instanceof ApiError && error.code === 'ORG_MODE_TRANSITION_RACED')
    return (
      <div role="alert" className="notice error">
        Someone changed this organization&apos;s mode at the same moment; nothing was written. Reload and decide again.
      </div>
    );
  return <ErrorNotice error={error} title="The mode was not changed" />;
}
