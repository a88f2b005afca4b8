import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { ErrorNotice } from '../../ui/feedback';
import { formatNumber, showtimeName } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { useAccess } from '../../data/access';
import { Table } from '../../ui/Table';
import { can, useSharedCapacity, type SharedCapacity, type SharedEvent } from './queries';

/** A showtime's capacity health in the person's language; an unknown one as the API names it. */
const health = (t: TFunction, value: string) => t(`sharedEvents.capacity.health.${value}`, { defaultValue: value });

/** The capacity view (pool or quotas, one call) and its administration: quotas and the policy switch for
 * `manageCapacity`, the pool size for super admins. */
export function CapacitySection({ event }: { event: SharedEvent }) {
  const { t } = useTranslation();
  const capacity = useSharedCapacity(event.id);
  const access = useAccess();
  const nameOfShowtime = (id: string) => {
    const s = event.showtimes.find((x) => x.showtimeId === id);
    return s ? showtimeName(s) : id;
  };
  const orgName = (id: string) => event.participants?.find((p) => p.organizationId === id)?.organizationName ?? id;
  return (
    <section aria-labelledby="capacity-title">
      <h2 id="capacity-title">{t('sharedEvents.capacity.title')}</h2>
      <Guarded query={capacity} what={t('sharedEvents.capacity.loading')}>
        {(c) => (
          <>
            <p>
              {c.capacityPolicy === 'pool'
                ? t('sharedEvents.capacity.poolPolicy')
                : t('sharedEvents.capacity.quotaPolicy')}
              {c.transitionInProgress ? ` ${t('sharedEvents.capacity.transition')}` : ''}
              {c.fenceState !== 'open' ? ` ${t('sharedEvents.capacity.frozen', { state: c.fenceState })}` : ''}
            </p>
            <Table
              caption={
                c.capacityPolicy === 'pool'
                  ? t('sharedEvents.capacity.poolCaption')
                  : t('sharedEvents.capacity.caption')
              }
              head={[
                t('sharedEvents.column.showtime'),
                t('sharedEvents.column.capacity'),
                t('sharedEvents.column.held'),
                t('sharedEvents.column.sold'),
                t('sharedEvents.column.remaining'),
                t('sharedEvents.column.state'),
              ]}
              rows={c.showtimes.map((s) => [
                nameOfShowtime(s.showtimeId),
                formatNumber(s.capacity),
                formatNumber(s.reserved),
                formatNumber(s.committed),
                formatNumber(s.available),
                health(t, s.health),
              ])}
            />
            {c.organizations && c.organizations.length > 0 && (
              <Table
                caption={t('sharedEvents.capacity.quotasCaption')}
                head={[
                  t('sharedEvents.column.organization'),
                  t('sharedEvents.column.showtime'),
                  t('sharedEvents.column.quota'),
                  t('sharedEvents.column.held'),
                  t('sharedEvents.column.sold'),
                  t('sharedEvents.column.remaining'),
                ]}
                rows={c.organizations.flatMap((o) =>
                  o.showtimes.map((s) => [
                    orgName(o.organizationId),
                    nameOfShowtime(s.showtimeId),
                    formatNumber(s.quota),
                    formatNumber(s.reserved),
                    formatNumber(s.committed),
                    formatNumber(s.available),
                  ]),
                )}
              />
            )}
            {can(event, 'manageCapacity') && <CapacityAdmin event={event} capacity={c} orgName={orgName} />}
            {access.isSuperAdmin && c.capacityPolicy === 'pool' && (
              <PoolSize event={event} current={c.sharedCapacity?.perShowtime} />
            )}
          </>
        )}
      </Guarded>
    </section>
  );
}

function CapacityAdmin({
  event,
  capacity,
  orgName,
}: {
  event: SharedEvent;
  capacity: SharedCapacity;
  orgName: (id: string) => string;
}) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const live = (event.participants ?? []).filter((p) => ['accepted', 'active', 'invited'].includes(p.status));
  const initial = Object.fromEntries(
    live.flatMap((p) =>
      event.showtimes.map((s) => {
        const q = capacity.organizations
          ?.find((o) => o.organizationId === p.organizationId)
          ?.showtimes.find((x) => x.showtimeId === s.showtimeId)?.quota;
        return [`${p.organizationId}|${s.showtimeId}`, String(q ?? 0)];
      }),
    ),
  );
  const [quotas, setQuotas] = useState<Record<string, string>>(initial);
  const [perShowtime, setPerShowtime] = useState(String(capacity.sharedCapacity?.perShowtime ?? 100));
  const quotaBody = () =>
    live.map((p) => ({
      organizationId: p.organizationId,
      quotaByShowtime: Object.fromEntries(
        event.showtimes.map((s) => [s.showtimeId, Number(quotas[`${p.organizationId}|${s.showtimeId}`] ?? 0)]),
      ),
    }));
  const params = { params: { path: { sharedEventId: event.id }, query: { organizationId } } };
  const saveQuotas = useAction(() =>
    unwrap(http.PATCH('/api/shared-events/{sharedEventId}/quotas', { ...params, body: { quotas: quotaBody() } })),
  );
  const switchPolicy = useAction(() =>
    unwrap(
      http.POST('/api/shared-events/{sharedEventId}/capacity-policy', {
        ...params,
        body:
          capacity.capacityPolicy === 'pool'
            ? { capacityPolicy: 'quota', quotas: quotaBody() }
            : { capacityPolicy: 'pool', perShowtime: Number(perShowtime) },
      }),
    ),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    saveQuotas.mutate(undefined);
  };
  return (
    <form className="stack" onSubmit={submit} aria-label={t('sharedEvents.capacity.admin')}>
      <h3>{t('sharedEvents.capacity.quotas')}</h3>
      <div className="fields">
        {live.flatMap((p) =>
          event.showtimes.map((s) => (
            <label key={`${p.organizationId}|${s.showtimeId}`}>
              {orgName(p.organizationId)}, {showtimeName(s)}
              <input
                type="number"
                min={0}
                value={quotas[`${p.organizationId}|${s.showtimeId}`] ?? '0'}
                onChange={(e) => setQuotas((q) => ({ ...q, [`${p.organizationId}|${s.showtimeId}`]: e.target.value }))}
              />
            </label>
          )),
        )}
      </div>
      <div className="row">
        {capacity.capacityPolicy === 'quota' && (
          <button type="submit" disabled={saveQuotas.isPending}>
            {t('sharedEvents.capacity.saveQuotas')}
          </button>
        )}
        {capacity.capacityPolicy === 'quota' && (
          <label>
            {t('sharedEvents.capacity.poolSeats')}
            <input type="number" min={0} value={perShowtime} onChange={(e) => setPerShowtime(e.target.value)} />
          </label>
        )}
        <button
          type="button"
          className="secondary"
          disabled={switchPolicy.isPending}
          onClick={() =>
            window.confirm(
              capacity.capacityPolicy === 'pool'
                ? t('sharedEvents.capacity.confirmSplit')
                : t('sharedEvents.capacity.confirmMerge'),
            ) && switchPolicy.mutate(undefined)
          }
        >
          {capacity.capacityPolicy === 'pool' ? t('sharedEvents.capacity.toQuotas') : t('sharedEvents.capacity.toPool')}
        </button>
      </div>
      <ErrorNotice error={saveQuotas.error ?? switchPolicy.error} title={t('sharedEvents.capacity.notChanged')} />
    </form>
  );
}

function PoolSize({ event, current }: { event: SharedEvent; current?: number }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(String(current ?? 0));
  const save = useAction(() =>
    unwrap(
      http.PATCH('/api/shared-events/{sharedEventId}/capacity', {
        params: { path: { sharedEventId: event.id } },
        body: { perShowtime: Number(value) },
      }),
    ),
  );
  return (
    <form
      className="row"
      aria-label={t('sharedEvents.capacity.poolSize')}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(undefined);
      }}
    >
      <label>
        {t('sharedEvents.capacity.poolSeatsSuper')}
        <input type="number" min={0} value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      <button type="submit" disabled={save.isPending}>
        {t('sharedEvents.capacity.setPoolSize')}
      </button>
      <ErrorNotice error={save.error} />
    </form>
  );
}
