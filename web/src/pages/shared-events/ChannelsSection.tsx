import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { ErrorNotice } from '../../ui/feedback';
import { Guarded } from '../../ui/access';
import { Table } from '../../ui/Table';
import { can, type SharedEvent } from './queries';

const SOURCES = ['externalA', 'externalB'] as const;

/** External sales channels (one call): who is responsible for each source; assign or disable for
 * `manageExternalSales` holders. */
export function ChannelsSection({ event }: { event: SharedEvent }) {
  const { organizationId } = useOrganization();
  const channels = useQuery({
    queryKey: [organizationId, 'shared-event-channels', event.id],
    queryFn: () =>
      unwrap(
        http.GET('/api/shared-events/{sharedEventId}/external-sales-channels', {
          params: { path: { sharedEventId: event.id }, query: { organizationId } },
        }),
      ),
  });
  const orgName = (id: string) => event.participants?.find((p) => p.organizationId === id)?.organizationName ?? id;
  return (
    <section aria-labelledby="channels-title">
      <h2 id="channels-title">External sales channels</h2>
      <Guarded query={channels} what="Loading channels">
        {(data) => (
          <Table
            caption="Channels"
            head={['Source', 'Mode', 'Responsible', 'Status']}
            rows={data.items.map((c) => [c.source, c.mode, orgName(c.responsibleOrgId), c.status])}
          />
        )}
      </Guarded>
      {can(event, 'manageExternalSales') && <AssignChannel event={event} />}
    </section>
  );
}

function AssignChannel({ event }: { event: SharedEvent }) {
  const { organizationId } = useOrganization();
  const live = (event.participants ?? []).filter((p) => ['accepted', 'active'].includes(p.status));
  const [source, setSource] = useState<(typeof SOURCES)[number]>('externalA');
  const [mode, setMode] = useState<'manual' | 'automation'>('manual');
  const [responsible, setResponsible] = useState(live[0]?.organizationId ?? '');
  const params = { params: { path: { sharedEventId: event.id, source }, query: { organizationId } } };
  const assign = useAction(() =>
    unwrap(
      http.PUT('/api/shared-events/{sharedEventId}/external-sales-channels/{source}', {
        ...params,
        body: { mode, responsibleOrgId: responsible },
      }),
    ),
  );
  const disable = useAction(() =>
    unwrap(http.DELETE('/api/shared-events/{sharedEventId}/external-sales-channels/{source}', params)),
  );
  return (
    <div className="fields" role="group" aria-label="Assign a channel">
      <label>
        Source
        <select value={source} onChange={(e) => setSource(e.target.value as (typeof SOURCES)[number])}>
          {SOURCES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      <label>
        Mode
        <select value={mode} onChange={(e) => setMode(e.target.value as 'manual' | 'automation')}>
          <option value="manual">manual</option>
          <option value="automation">automation</option>
        </select>
      </label>
      <label>
        Responsible organization
        <select value={responsible} onChange={(e) => setResponsible(e.target.value)}>
          {live.map((p) => (
            <option key={p.organizationId} value={p.organizationId}>
              {p.organizationName ?? p.organizationId}
            </option>
          ))}
        </select>
      </label>
      <button type="button" disabled={assign.isPending || !responsible} onClick={() => assign.mutate(undefined)}>
        Assign channel
      </button>
      <button
        type="button"
        className="secondary"
        disabled={disable.isPending}
        onClick={() => disable.mutate(undefined)}
      >
        Disable channel
      </button>
      <ErrorNotice error={assign.error ?? disable.error} />
    </div>
  );
}
