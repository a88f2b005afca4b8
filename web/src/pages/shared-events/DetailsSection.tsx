import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../ui/router';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { ErrorNotice, Success } from '../../ui/feedback';
import { Table } from '../../ui/Table';
import { formatSettings } from '../../ui/format';
import { useAccess } from '../../data/access';
import { can, type SharedEvent } from './queries';

/**
 * Change the details (`manageSharedDetails`: name, description, location) and the ticket prices
 * (`managePricing`: the templates keep their ids); each organization's event follows through its projection, whose
 * sync state is shown and can be pushed on (operation status, repair). A super admin may retire a draft.
 */
export function DetailsSection({ event }: { event: SharedEvent }) {
  const details = can(event, 'manageSharedDetails');
  const pricing = can(event, 'managePricing');
  const { isSuperAdmin } = useAccess();
  const { t } = useTranslation();
  if (!details && !pricing && !isSuperAdmin) return null;
  return (
    <section aria-labelledby="details-title">
      <h2 id="details-title">{t('sharedEvents.details.title')}</h2>
      <DetailsForm event={event} details={details} pricing={pricing} />
      <Projections event={event} repair={isSuperAdmin || details} />
      {isSuperAdmin && event.status === 'draft' && <RetireDraft event={event} />}
    </section>
  );
}

function DetailsForm({ event, details, pricing }: { event: SharedEvent; details: boolean; pricing: boolean }) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const [name, setName] = useState(event.name);
  const [location, setLocation] = useState(event.location ?? '');
  const [description, setDescription] = useState(event.description ?? '');
  const [prices, setPrices] = useState(
    Object.fromEntries(event.ticketTypeTemplates.map((t) => [t.id, String(t.price)])),
  );
  const save = useAction(() =>
    unwrap(
      http.PATCH('/api/shared-events/{sharedEventId}', {
        params: { path: { sharedEventId: event.id }, query: { organizationId } },
        body: {
          ...(details ? { name: name.trim(), location: location.trim(), description } : {}),
          ...(pricing
            ? {
                ticketTypeTemplates: event.ticketTypeTemplates.map((t) => ({
                  id: t.id,
                  name: t.name,
                  price: Number(prices[t.id]),
                  fee: t.fee,
                  sortOrder: t.sortOrder,
                })),
              }
            : {}),
        },
      }),
    ),
  );
  if (!details && !pricing) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(undefined);
  };
  return (
    <form className="stack" onSubmit={submit} aria-label={t('sharedEvents.details.form')}>
      {details && (
        <div className="fields">
          <label>
            {t('sharedEvents.details.name')}
            <input required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <label>
            {t('sharedEvents.details.location')}
            <input maxLength={255} value={location} onChange={(e) => setLocation(e.target.value)} />
          </label>
          <label>
            {t('sharedEvents.details.description')}
            <textarea maxLength={4000} value={description} onChange={(e) => setDescription(e.target.value)} />
          </label>
        </div>
      )}
      {pricing && (
        <div className="fields">
          {event.ticketTypeTemplates.map((type) => (
            <label key={type.id}>
              {t('sharedEvents.details.priceOf', { name: type.name, currency: formatSettings().currency })}
              <input
                type="number"
                min={0}
                step="0.01"
                value={prices[type.id]}
                onChange={(e) => setPrices((p) => ({ ...p, [type.id]: e.target.value }))}
              />
            </label>
          ))}
        </div>
      )}
      <button type="submit" disabled={save.isPending}>
        {t('sharedEvents.details.save')}
      </button>
      {save.isSuccess && <Success>{t('sharedEvents.details.saved')}</Success>}
      <ErrorNotice error={save.error} title={t('sharedEvents.details.notSaved')} />
    </form>
  );
}

function Projections({ event, repair }: { event: SharedEvent; repair: boolean }) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const params = { params: { path: { sharedEventId: event.id }, query: { organizationId } } };
  const status = useAction(() => unwrap(http.POST('/api/shared-events/{sharedEventId}/operation-status', params)));
  const sync = useAction(() =>
    unwrap(http.POST('/api/shared-events/{sharedEventId}/sync-projections', { ...params, body: {} })),
  );
  const orgName = (id: string) => event.participants?.find((p) => p.organizationId === id)?.organizationName ?? id;
  return (
    <>
      <div className="row">
        <button
          type="button"
          className="secondary"
          disabled={status.isPending}
          onClick={() => status.mutate(undefined)}
        >
          {t('sharedEvents.details.check')}
        </button>
        {repair && (
          <button type="button" className="secondary" disabled={sync.isPending} onClick={() => sync.mutate(undefined)}>
            {t('sharedEvents.details.repair')}
          </button>
        )}
      </div>
      {status.data && (
        <Table
          caption={t('sharedEvents.details.copies')}
          head={[
            t('sharedEvents.column.organization'),
            t('sharedEvents.column.state'),
            t('sharedEvents.details.version'),
          ]}
          rows={status.data.projections.map((p) => [
            orgName(p.organizationId),
            t(`sharedEvents.details.sync.${p.syncStatus}`, { defaultValue: p.syncStatus }),
            t('sharedEvents.details.versionOf', {
              version: p.detailsVersion ?? '?',
              latest: status.data.detailsVersion,
            }),
          ])}
        />
      )}
      {sync.isSuccess && <Success>{t('sharedEvents.details.repaired')}</Success>}
      <ErrorNotice error={status.error ?? sync.error} />
    </>
  );
}

function RetireDraft({ event }: { event: SharedEvent }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const retire = useAction(() =>
    unwrap(http.DELETE('/api/shared-events/{sharedEventId}', { params: { path: { sharedEventId: event.id } } })),
  );
  return (
    <>
      <button
        type="button"
        className="danger"
        disabled={retire.isPending}
        onClick={() =>
          window.confirm(t('sharedEvents.details.confirmRetire', { name: event.name })) &&
          retire.mutate(undefined, { onSuccess: () => void navigate('/shared-events') })
        }
      >
        {t('sharedEvents.details.retire')}
      </button>
      <ErrorNotice error={retire.error} />
    </>
  );
}
