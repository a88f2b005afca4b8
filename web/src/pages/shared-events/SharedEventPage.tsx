import { useState } from 'react';
import { useParams } from 'react-router';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { ErrorNotice } from '../../ui/feedback';
import { formatDateTime, formatMoney, showtimeName } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { AuditSection } from './AuditSection';
import { CapacitySection } from './CapacitySection';
import { ChannelsSection } from './ChannelsSection';
import { DetailsSection } from './DetailsSection';
import { GrantsSection } from './GrantsSection';
import { can, STATUS_TEXT, useSharedEvent, type SharedEvent } from './queries';
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
  return (
    <Guarded query={event} what="Loading the Shared Event">
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
            <p className="notice">
              Capacity, grants, channels, reports and the audit log show once your organization has joined.
            </p>
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
  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title">Overview</h2>
      <p>
        {STATUS_TEXT[event.status] ?? event.status} · {formatDateTime(event.date)}
        {event.location ? ` · ${event.location}` : ''} ·{' '}
        {event.capacityPolicy === 'pool'
          ? `one pool of ${event.sharedCapacity?.perShowtime ?? '?'} seats per showtime`
          : 'a quota per organization'}
      </p>
      <p>
        Showtimes: {event.showtimes.map((s) => showtimeName(s)).join('; ')}
        <br />
        Ticket types: {event.ticketTypeTemplates.map((t) => `${t.name} ${formatMoney(t.price)}`).join('; ')}
      </p>
      {event.viewer && (
        <p className="meta">
          Your organization: {event.viewer.role ?? 'not on the roster'}
          {event.viewer.participantStatus ? ` (${STATUS_TEXT[event.viewer.participantStatus]})` : ''}; your
          capabilities: {event.viewer.capabilities.length ? event.viewer.capabilities.join(', ') : 'none'}.
        </p>
      )}
    </section>
  );
}

/** What each move does, said before the person confirms it (docs/decisions/shared-event-cancellation.md). */
const MOVES: Record<string, { to: string; label: string; consequence: string }[]> = {
  draft: [{ to: 'open', label: 'Open for sales', consequence: 'Every active organization can sell from now on.' }],
  open: [
    {
      to: 'locked',
      label: 'Lock sales',
      consequence: 'No organization can sell until it is opened again; nothing sold changes.',
    },
    {
      to: 'completed',
      label: 'Mark completed',
      consequence: 'The event is over: it cannot be opened, locked or cancelled afterwards.',
    },
    {
      to: 'cancelled',
      label: 'Cancel the event',
      consequence:
        "Sales stop at once for every organization; every seat committed is returned to the pool or quota, and each organization's event is marked cancelled. Sold tickets stay on record: refunds are handled outside this service. This cannot be undone.",
    },
  ],
  locked: [
    { to: 'open', label: 'Reopen sales', consequence: 'Every active organization can sell again.' },
    {
      to: 'completed',
      label: 'Mark completed',
      consequence: 'The event is over: it cannot be opened, locked or cancelled afterwards.',
    },
    {
      to: 'cancelled',
      label: 'Cancel the event',
      consequence:
        "Every seat committed is returned to the pool or quota, and each organization's event is marked cancelled. Sold tickets stay on record: refunds are handled outside this service. This cannot be undone.",
    },
  ],
  cancelling: [
    { to: 'cancelled', label: 'Finish the cancellation', consequence: 'Carries on the cancellation already started.' },
  ],
};

function Lifecycle({ event }: { event: SharedEvent }) {
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
      <h2 id="lifecycle-title">Lifecycle</h2>
      <div className="row">
        {moves.map((m) => (
          <button
            key={m.to}
            type="button"
            className={m.to === 'cancelled' ? 'danger' : 'secondary'}
            onClick={() => setPending(m)}
          >
            {m.label}…
          </button>
        ))}
      </div>
      {pending && (
        <div className="notice" role="alertdialog" aria-labelledby="confirm-move">
          <p id="confirm-move">
            <strong>{pending.label}?</strong> {pending.consequence}
          </p>
          <div className="row">
            <button
              type="button"
              className={pending.to === 'cancelled' ? 'danger' : ''}
              disabled={move.isPending}
              onClick={() => move.mutate(pending.to, { onSuccess: () => setPending(undefined) })}
            >
              Yes, {pending.label.toLowerCase()}
            </button>
            <button type="button" className="secondary" onClick={() => setPending(undefined)}>
              No
            </button>
          </div>
        </div>
      )}
      <ErrorNotice error={move.error} />
    </section>
  );
}
