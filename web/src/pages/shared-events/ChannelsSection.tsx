import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
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
      <h2 id="channels-title">{t('sharedEvents.channels.title')}</h2>
      <Guarded query={channels} what={t('sharedEvents.channels.loading')}>
        {(data) => (
          <Table
            caption={t('sharedEvents.channels.caption')}
            head={[
              t('sharedEvents.channels.source'),
              t('sharedEvents.channels.mode'),
              t('sharedEvents.channels.responsible'),
              t('sharedEvents.column.status'),
            ]}
            rows={data.items.map((c) => [
              c.source,
              t(`sharedEvents.channels.modes.${c.mode}`, { defaultValue: c.mode }),
              orgName(c.responsibleOrgId),
              t(`sharedEvents.channels.states.${c.status}`, { defaultValue: c.status }),
            ])}
          />
        )}
      </Guarded>
      {can(event, 'manageExternalSales') && <AssignChannel event={event} />}
    </section>
  );
}

function AssignChannel({ event }: { event: SharedEvent }) {
  const { t } = useTranslation();
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
    <div className="fields" role="group" aria-label={t('sharedEvents.channels.assignGroup')}>
      <label>
        {t('sharedEvents.channels.source')}
        <select value={source} onChange={(e) => setSource(e.target.value as (typeof SOURCES)[number])}>
          {SOURCES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      <label>
        {t('sharedEvents.channels.mode')}
        <select value={mode} onChange={(e) => setMode(e.target.value as 'manual' | 'automation')}>
          <option value="manual">{t('sharedEvents.channels.modes.manual')}</option>
          <option value="automation">{t('sharedEvents.channels.modes.automation')}</option>
        </select>
      </label>
      <label>
        {t('sharedEvents.channels.responsibleOrganization')}
        <select value={responsible} onChange={(e) => setResponsible(e.target.value)}>
          {live.map((p) => (
            <option key={p.organizationId} value={p.organizationId}>
              {p.organizationName ?? p.organizationId}
            </option>
          ))}
        </select>
      </label>
      <button type="button" disabled={assign.isPending || !responsible} onClick={() => assign.mutate(undefined)}>
        {t('sharedEvents.channels.assign')}
      </button>
      <button
        type="button"
        className="secondary"
        disabled={disable.isPending}
        onClick={() => disable.mutate(undefined)}
      >
        {t('sharedEvents.channels.disable')}
      </button>
      <ErrorNotice error={assign.error ?? disable.error} />
    </div>
  );
}
