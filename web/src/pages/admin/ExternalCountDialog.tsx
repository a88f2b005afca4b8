import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { Dialog } from '../../ui/Dialog';
import { ErrorNotice, Success } from '../../ui/feedback';
import { formatNumber, showtimeName, tickets } from '../../ui/format';
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
  const { t } = useTranslation();
  const total = event.showtimes.reduce((sum, s) => sum + (s.externalSold ?? 0), 0);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('admin.external.title', { name: event.name })}
      description={t('admin.external.description')}
      trigger={
        <button type="button" className="secondary">
          {t('admin.external.button')}
          <span className="sr-only"> {t('admin.external.forName', { name: event.name })}</span> ({formatNumber(total)})…
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
  const { t } = useTranslation();
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
      aria-label={t('admin.external.formLabel', { name })}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(undefined);
      }}
    >
      <h3>{name}</h3>
      <div className="fields">
        <label>
          {t('admin.external.sold')}
          <input type="number" min={0} step={1} required value={sold} onChange={(e) => setSold(e.target.value)} />
        </label>
        <label>
          {t('admin.external.note')}
          <input maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
      </div>
      <button type="submit" disabled={save.isPending}>
        {t('admin.external.save')}
        <span className="sr-only"> {t('admin.external.forName', { name })}</span>
      </button>
      {save.isSuccess && <Success>{t('admin.external.saved', { tickets: tickets(Number(sold)) })}</Success>}
      <ErrorNotice error={save.error} title={t('admin.external.notSaved')} />
    </form>
  );
}
