import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../api/instance';
import type { ActiveEvent, Pledge } from '../../api/types';
import { useAction, useActiveEvent } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { Empty, ErrorNotice, QueryView, Success } from '../../ui/feedback';
import { formatDateTime } from '../../ui/format';

/** The member's pledge for the commitment round of the active event (calls: event, my pledge). */
export default function PledgePage() {
  const event = useActiveEvent();
  return (
    <>
      <h1>Pledge</h1>
      <QueryView query={event} what="Loading the event">
        {(data) => (data ? <PledgeView event={data} /> : <Empty>There is no active event.</Empty>)}
      </QueryView>
    </>
  );
}

function PledgeView({ event }: { event: ActiveEvent }) {
  const { organizationId } = useOrganization();
  const pledge = useQuery({
    queryKey: [organizationId, 'pledge', event.id],
    queryFn: () =>
      unwrap(
        http.GET('/api/events/{eventId}/my-pledge', {
          params: { path: { eventId: event.id }, query: { organizationId } },
        }),
      ),
  });
  return (
    <section aria-labelledby="pledge-title">
      <h2 id="pledge-title">{event.name}</h2>
      <p className="meta">
        Commitment round: {event.commitmentStatus ?? 'not opened'}
        {event.commitmentDeadline ? ` · deadline ${formatDateTime(event.commitmentDeadline)}` : ''}
      </p>
      <QueryView query={pledge} what="Loading your pledge">
        {(current) => <PledgeForm event={event} current={current ?? undefined} />}
      </QueryView>
    </section>
  );
}

function PledgeForm({ event, current }: { event: ActiveEvent; current?: Pledge }) {
  const [sure, setSure] = useState(String(current?.sureCount ?? 0));
  const [possible, setPossible] = useState(String(current?.possibleCount ?? 0));
  const save = useAction((_: void, organizationId) =>
    unwrap(
      http.POST('/api/events/{eventId}/my-pledge', {
        params: { path: { eventId: event.id }, query: { organizationId } },
        body: { sureCount: Number(sure), possibleCount: Number(possible) },
      }),
    ),
  );
  const open = event.commitmentStatus === 'open';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="stack">
      {!open && <p className="notice">The commitment round is not open, so the pledge cannot change now.</p>}
      <label>
        Tickets I am sure to sell
        <input
          type="number"
          min={0}
          step={1}
          required
          value={sure}
          disabled={!open}
          onChange={(e) => setSure(e.target.value)}
        />
      </label>
      <label>
        Tickets I might sell on top
        <input
          type="number"
          min={0}
          step={1}
          required
          value={possible}
          disabled={!open}
          onChange={(e) => setPossible(e.target.value)}
        />
      </label>
      <button type="submit" disabled={!open || save.isPending}>
        {save.isPending ? 'Saving…' : current ? 'Update pledge' : 'Pledge'}
      </button>
      {save.isSuccess && <Success>Pledge saved.</Success>}
      <ErrorNotice error={save.error} title="The pledge was not saved" />
    </form>
  );
}
