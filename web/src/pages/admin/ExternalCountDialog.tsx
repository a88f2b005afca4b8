import { useState } from 'react';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../app/queries';
import { Dialog } from '../../ui/Dialog';
import { ErrorNotice, Success } from '../../ui/feedback';
import { showtimeName, tickets } from '../../ui/format';
import type { EventItem } from '../../ui/part2/events';
import { useFormDialog } from '../../ui/useFormDialog';

type Showtime = EventItem['showtimes'][number];

/**
 * Admin (full organization): a showtime's manual external count, tickets sold elsewhere that only a total is
 * known of, with its note. The count records sales that already happened, so it is not refused for lack of seats
 * (docs/decisions/events.md, "Showtime external update"); the dialog says so before it is saved. The ledger of
 * single external sales is the ticket managers' page (/manage/external).
 */
export function ExternalCountDialog({ event, showtime }: { event: EventItem; showtime: Showtime }) {
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
  const dialog = useFormDialog(() => {
    save.reset();
    setSold(String(showtime.externalSold ?? 0));
    setNote(showtime.externalNote ?? '');
  });
  return (
    <Dialog
      {...dialog.props}
      title={`External count for ${name}`}
      description="Tickets sold outside this service, as one total. They take seats even when the showtime is full, since they are already sold."
      trigger={
        <button type="button" className="secondary">
          External count<span className="sr-only"> for {name}</span> ({showtime.externalSold ?? 0})…
        </button>
      }
    >
      <form onSubmit={dialog.submit(() => save.mutate(undefined))} className="stack">
        <label>
          Tickets sold elsewhere
          <input type="number" min={0} step={1} required value={sold} onChange={(e) => setSold(e.target.value)} />
        </label>
        <label>
          Note (optional)
          <textarea maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
        <button type="submit" disabled={save.isPending}>
          Save count
        </button>
        {save.isSuccess && <Success>Saved: {tickets(Number(sold))} sold elsewhere.</Success>}
        <ErrorNotice error={save.error} title="Not saved" />
      </form>
    </Dialog>
  );
}
