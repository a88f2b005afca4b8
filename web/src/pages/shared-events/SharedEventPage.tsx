import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from '../../ui/router';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { ErrorNotice } from '../../ui/feedback';
import { formatDateTime, formatMoney, formatNumber, showtimeName } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { AuditSection } from './AuditSection';
import { CapacitySection } from './CapacitySection';
import { ChannelsSection } from './ChannelsSection';
import { DetailsSection } from './DetailsSection';
import { GrantsSection } from './GrantsSection';
import { can, capabilityLabel, sharedStatus, useSharedEvent, type SharedEvent } from './queries';
import { ReportsSection } from './ReportsSection';
import { RosterSection } from './RosterSection';

/**
 * One Shared Event: details and lifecycle, roster and invitation links, capacity (pool or quotas) with its
 * administration, owners and grants, external channels, reports and the audit log. Each section makes its own one
 * call and shows only what the caller's capabilities allow (a 403 reads "not allowed").
 */
export default function SharedEventPage() {
  const { sharedEventId } = useParams();
  const event = useSharedEvent(sharedEventId);
  const { t } = useTranslation();
  return (
    <Guarded query={event} what={t('sharedEvents.page.loading')}>
      {(e) => (
        <>
          <h1>{e.name}</h1>
          <Overview event={e} />
          <Lifecycle event={e} />
          <DetailsSection event={e} />
          <RosterSection event={e} />
          {live(e) ? (
            <>
              <CapacitySection event={e} />
              <GrantsSection event={e} />
              <ChannelsSection event={e} />
              <ReportsSection event={e} />
              <AuditSection event={e} />
            </>
          ) : (
            <p className="notice">{t('sharedEvents.page.notJoined')}</p>
          )}
        </>
      )}
    </Guarded>
  );
}

/** An invited, declined or departed organization sees the bounded view: its sections would answer 403. */
const live = (event: SharedEvent) =>
  ['active', 'accepted'].includes(event.viewer?.participantStatus ?? '') ||
  event.viewer?.role === 'organizer' ||
  isSuper(event);
/** A super admin's view carries every capability without being on the roster. */
const isSuper = (event: SharedEvent) =>
  !event.viewer?.participantStatus && (event.viewer?.capabilities.length ?? 0) > 0;

function Overview({ event }: { event: SharedEvent }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title">{t('sharedEvents.page.overview')}</h2>
      <p>
        {sharedStatus(event.status)} · {formatDateTime(event.date)}
        {event.location ? ` · ${event.location}` : ''} ·{' '}
        {event.capacityPolicy === 'pool'
          ? t('sharedEvents.page.pool', {
              count: event.sharedCapacity?.perShowtime ?? 0,
              seats: event.sharedCapacity ? formatNumber(event.sharedCapacity.perShowtime) : '?',
            })
          : t('sharedEvents.page.quota')}
      </p>
      <p>
        {t('sharedEvents.page.showtimes', { list: event.showtimes.map((s) => showtimeName(s)).join('; ') })}
        <br />
        {t('sharedEvents.page.ticketTypes', {
          list: event.ticketTypeTemplates.map((type) => `${type.name} ${formatMoney(type.price)}`).join('; '),
        })}
      </p>
      {event.viewer && (
        <p className="meta">
          {t('sharedEvents.page.viewer', {
            role: event.viewer.role
              ? t(`sharedEvents.page.role.${event.viewer.role}`, { defaultValue: event.viewer.role })
              : t('sharedEvents.page.notOnRoster'),
            status: event.viewer.participantStatus ? ` (${sharedStatus(event.viewer.participantStatus)})` : '',
            capabilities: event.viewer.capabilities.length
              ? event.viewer.capabilities.map(capabilityLabel).join(', ')
              : t('sharedEvents.grants.none'),
          })}
        </p>
      )}
    </section>
  );
}

/**
 * The moves from each status; what each does is said before the person confirms it
 * (docs/decisions/shared-event-cancellation.md). `move` names its words in the catalog
 * (sharedEvents.lifecycle.<move>: label, consequence, confirm).
 */
const MOVES: Record<string, { to: string; move: string }[]> = {
  draft: [{ to: 'open', move: 'open' }],
  open: [
    { to: 'locked', move: 'lock' },
    { to: 'completed', move: 'complete' },
    { to: 'cancelled', move: 'cancelOpen' },
  ],
  locked: [
    { to: 'open', move: 'reopen' },
    { to: 'completed', move: 'complete' },
    { to: 'cancelled', move: 'cancelLocked' },
  ],
  cancelling: [{ to: 'cancelled', move: 'finishCancel' }],
};

function Lifecycle({ event }: { event: SharedEvent }) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const [pending, setPending] = useState<(typeof MOVES)[string][number]>();
  const move = useAction((status: string) =>
    unwrap(
      http.PATCH('/api/shared-events/{sharedEventId}/lifecycle', {
        params: { path: { sharedEventId: event.id }, query: { organizationId } },
        body: { status: status as 'open' },
      }),
    ),
  );
  const moves = MOVES[event.status] ?? [];
  if (!can(event, 'manageSharedDetails') || moves.length === 0) return null;
  return (
    <section aria-labelledby="lifecycle-title">
      <h2 id="lifecycle-title">{t('sharedEvents.lifecycle.title')}</h2>
      <div className="row">
        {moves.map((m) => (
          <button
            key={m.to}
            type="button"
            className={m.to === 'cancelled' ? 'danger' : 'secondary'}
            onClick={() => setPending(m)}
          >
            {t(`sharedEvents.lifecycle.${m.move}.label`)}…
          </button>
        ))}
      </div>
      {pending && (
        <div className="notice" role="alertdialog" aria-labelledby="confirm-move">
          <p id="confirm-move">
            <strong>{t(`sharedEvents.lifecycle.${pending.move}.label`)}?</strong>{' '}
            {t(`sharedEvents.lifecycle.${pending.move}.consequence`)}
          </p>
          <div className="row">
            <button
              type="button"
              className={pending.to === 'cancelled' ? 'danger' : ''}
              disabled={move.isPending}
              onClick={() => move.mutate(pending.to, { onSuccess: () => setPending(undefined) })}
            >
              {t(`sharedEvents.lifecycle.${pending.move}.confirm`)}
            </button>
            <button type="button" className="secondary" onClick={() => setPending(undefined)}>
              {t('sharedEvents.lifecycle.no')}
            </button>
          </div>
        </div>
      )}
      <ErrorNotice error={move.error} />
    </section>
  );
}
