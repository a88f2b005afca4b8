import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { Empty, ErrorNotice, Success } from '../../ui/feedback';
import { formatDateTime, formatNumber } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { EventSelect } from '../../ui/EventSelect';
import { useChosenEvent, useEvents, type EventItem } from '../../data/events';
import { Table } from '../../ui/Table';
import { AllocationsSection } from './AllocationsSection';

const STATE: Record<string, string> = { open: 'Open', closed: 'Closed', converted: 'Converted to allocations' };

/**
 * The commitment round of an event (open, close, convert into allocations) with its pledge summary and the
 * pledges, then allocations per member. Calls: events, pledge summary, pledges, allocation members.
 */
export default function CommitmentPage() {
  const events = useEvents();
  const { chosen, live, choose } = useChosenEvent(events.data?.items);
  return (
    <>
      <h1>Commitment and allocations</h1>
      <Guarded query={events} what="Loading events">
        {() =>
          !chosen ? (
            <Empty>No events yet.</Empty>
          ) : (
            <>
              <EventSelect events={live} value={chosen.id} onChange={choose} />
              <Commitment event={chosen} />
              <AllocationsSection event={chosen} />
            </>
          )
        }
      </Guarded>
    </>
  );
}

function Commitment({ event }: { event: EventItem }) {
  const { organizationId } = useOrganization();
  const params = { params: { path: { eventId: event.id }, query: { organizationId } } };
  const summary = useQuery({
    queryKey: [organizationId, 'pledge-summary', event.id],
    queryFn: () => unwrap(http.GET('/api/events/{eventId}/pledge-summary', params)),
  });
  const pledges = useQuery({
    queryKey: [organizationId, 'pledges', event.id],
    queryFn: () => unwrap(http.GET('/api/management/events/{eventId}/pledges', params)),
  });
  const [deadline, setDeadline] = useState('');
  const change = useAction((status: 'open' | 'closed' | 'converted', org) =>
    unwrap(
      http.PUT('/api/management/events/{eventId}/commitment', {
        params: { path: { eventId: event.id }, query: { organizationId: org } },
        body: { status, ...(status === 'open' && deadline ? { deadline: new Date(deadline).toISOString() } : {}) },
      }),
    ),
  );
  return (
    <section aria-labelledby="commitment-title">
      <h2 id="commitment-title">Commitment round</h2>
      <Guarded query={summary} what="Loading the round">
        {(s) => (
          <>
            <p>
              {s.commitmentStatus ? STATE[s.commitmentStatus] : 'Not started'}
              {s.commitmentDeadline ? `, deadline ${formatDateTime(s.commitmentDeadline)}` : ''}:{' '}
              {formatNumber(s.pledgeCount)} pledges, {formatNumber(s.totalSure)} sure and{' '}
              {formatNumber(s.totalPossible)} possible tickets.
            </p>
            <div className="row">
              <label>
                Deadline (optional)
                <input type="datetime-local" value={deadline} onChange={(e) => setDeadline(e.target.value)} />
              </label>
              <button
                type="button"
                disabled={change.isPending || s.commitmentStatus === 'open'}
                onClick={() => change.mutate('open')}
              >
                Open the round
              </button>
              <button
                type="button"
                className="secondary"
                disabled={change.isPending || s.commitmentStatus !== 'open'}
                onClick={() => change.mutate('closed')}
              >
                Close the round
              </button>
              <button
                type="button"
                className="secondary"
                disabled={change.isPending || s.commitmentStatus !== 'closed'}
                onClick={() => change.mutate('converted')}
              >
                Convert pledges into allocations
              </button>
            </div>
          </>
        )}
      </Guarded>
      {change.data?.conversion && (
        <Success>
          {change.data.conversion.allocationsCreated} allocations created, {change.data.conversion.skippedExisting}{' '}
          members already had one.
        </Success>
      )}
      <ErrorNotice error={change.error} />
      <Guarded query={pledges} what="Loading pledges">
        {(data) => (
          <Table
            caption="Pledges"
            head={['Member', 'E-mail', 'Sure', 'Possible', 'Updated']}
            rows={data.items.map((p) => [
              p.userName,
              p.userEmail,
              formatNumber(p.sureCount),
              formatNumber(p.possibleCount),
              formatDateTime(p.updatedAt),
            ])}
          />
        )}
      </Guarded>
    </section>
  );
}
