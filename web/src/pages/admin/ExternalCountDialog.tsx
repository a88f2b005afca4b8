import { useState } from 'react';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { Dialog } from '../../ui/Dialog';
import { ErrorNotice, Success } from '../../ui/feedback';
import { showtimeName, tickets } from '../../ui/format';
import type { EventItem } from '../../data/events';

type Showtime = EventItem['showtimes'][number];

/**
 * Admin (full organization): each showtime's manual external count, tickets sold elsewhere that only a total is
 * known of, with its note. The count records sales that already happened, so it is not refused for lack of seats
 * (docs/decisions/events.md, "Showtime external update"); the dialog says so before anything is saved. The ledger
 * of single external sales is the ticket managers' page (/manage/external).
 */
export function ExternalCountDialog({ event }: { event: EventItem }) {
  const [open, setOpen] = useState(false);
  const total = event.showtimes.reduce((sum, s) => sum + (s.externalSold ?? 0), 0);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={`External counts for ${event.name}`}
      description="Tickets sold outside this service, one total per showtime. They take seats even when the showtime is full, since they are already sold."
      trigger={
        <button type="button" className="secondary">
          External counts<span className="sr-only"> for {event.name}</span> ({total})…
        </button>
      }
    >
      {/* The forms mount as the dialog opens, so each starts from the count as it is now. */}
      {event.showtimes.map((s) => (
        <ShowtimeCount key={s.showtimeId} event={event} showtime={s} />
      ))}
    </Dialog>
  );
}

function ShowtimeCount({ event, showtime }: { event: EventItem; showtime: Showtime }) {
  const [sold, setSold] = useState(String(showtime.externalSold ?? 0));
  const [note, setNote] = useState(showtime.externalNote ?? '');
  const name = showtimeName(showtime);
  const save = useAction((_: void, organizationId) =>
    unwrap(
      http.PUT('/api/management/events/{eventId}/showtimes/{showtimeId}/external', {
        params: { path: { eventId: event.id, showtimeId: showtime.showtimeId }, query: { organizationId } },
        // An absent note clears it (the API's rule), so an emptied field is sent as absent.
        body: { externalSold: Number(sold), ...(note.trim() ? { externalNote: note.trim() } : {}) },
      }),
    ),
  );
  return (
    <form
      className="stack"
      aria-label={`External count for ${name}`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(undefined);
      }}
    >
      <h3>{name}</h3>
      <div className="fields">
        <label>
          Tickets sold elsewhere
          <input type="number" min={0} step={1} required value={sold} onChange={(e) => setSold(e.target.value)} />
        </label>
        <label>
          Note (optional)
          <input maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
      </div>
      <button type="submit" disabled={save.isPending}>
        Save count<span className="sr-only"> for {name}</span>
      </button>
      {save.isSuccess && <Success>Saved: {tickets(Number(sold))} sold elsewhere.</Success>}
      <ErrorNotice error={save.error} title="Not saved" />
    </form>
  );
}
