import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../data/download';
import { useOrganization } from '../../data/session-hooks';
import { ErrorNotice, QueryView } from '../../ui/feedback';
import { showtimeName } from '../../ui/format';
import {
  fetchShowtimeStockPdf,
  fetchSourcePdf,
  useSourceTickets,
  type TicketLayout,
  type TicketSource,
} from './ticket-sheets';

/** Runs a PDF fetch and saves the file; pending and the error are shown next to the button. */
function usePdfDownload() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>();
  const run = async (fetchPdf: () => Promise<{ blob: Blob; name: string }>) => {
    setPending(true);
    setError(undefined);
    try {
      const { blob, name } = await fetchPdf();
      saveBlob(blob, name);
    } catch (cause) {
      setError(cause);
    } finally {
      setPending(false);
    }
  };
  return { pending, error, run };
}

/**
 * A source's numbered tickets: a button that downloads the printable PDF (A4 sheet) and a disclosure listing each
 * ticket's serial, type and status, read only when opened. `mine` words it for the member ("My tickets");
 * `typeNames` names the ticket types the list gives by id. `whose` makes each button's name unique on a list page.
 */
export function TicketSheet({
  source,
  typeNames = {},
  mine = false,
  whose,
}: {
  source: TicketSource;
  typeNames?: Record<string, string>;
  mine?: boolean;
  whose?: string;
}) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const [open, setOpen] = useState(false);
  const list = useSourceTickets(source, open);
  const pdf = usePdfDownload();
  const whoseText = whose ? <span className="sr-only"> {whose}</span> : null;
  return (
    <div className="stack ticket-sheet" data-testid={`tickets-${source.id}`}>
      <div className="row">
        <button
          type="button"
          className="secondary"
          disabled={pdf.pending}
          onClick={() => void pdf.run(() => fetchSourcePdf(source, organizationId))}
        >
          {pdf.pending ? t('ticketSheets.preparing') : t(mine ? 'ticketSheets.downloadMine' : 'ticketSheets.print')}
          {whoseText}
        </button>
      </div>
      <ErrorNotice error={pdf.error} title={t('ticketSheets.notPrinted')} />
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          {t(mine ? 'ticketSheets.mine' : 'ticketSheets.list')}
          {whoseText}
        </summary>
        {open && (
          <QueryView query={list} what={t('ticketSheets.loading')}>
            {(items) =>
              items.length === 0 ? (
                <p className="meta">{t('ticketSheets.none')}</p>
              ) : (
                <ul className="lines">
                  {items.map((ticket) => (
                    <li key={ticket.serial} data-testid="ticket-serial" data-serial={ticket.serial}>
                      <strong>{ticket.serial}</strong> · {typeNames[ticket.ticketTypeId] ?? ticket.ticketTypeId} ·{' '}
                      {t(`ticketSheets.status.${ticket.status}`)}
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryView>
        )}
      </details>
    </div>
  );
}

/** Names of ticket types from lines that carry them (an order's, a sale's). */
export const typeNamesOf = (lines: { ticketTypeId: string; ticketTypeName: string }[]) =>
  Object.fromEntries(lines.map((l) => [l.ticketTypeId, l.ticketTypeName]));

/**
 * A whole showtime's issued tickets in one PDF for a print shop (Ticket Manager+): choose the showtime and the
 * layout (an A4 sheet, or one ticket per page for a cutter), then download.
 */
export function ShowtimeStockPrint({
  eventId,
  showtimes,
}: {
  eventId: string;
  showtimes: { showtimeId: string; dateTime?: string; label?: string }[];
}) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const [showtimeId, setShowtimeId] = useState(showtimes[0]?.showtimeId ?? '');
  const [layout, setLayout] = useState<TicketLayout>('sheet');
  const pdf = usePdfDownload();
  if (showtimes.length === 0) return null;
  return (
    <section aria-labelledby="showtime-stock-title" className="stack">
      <h2 id="showtime-stock-title">{t('ticketSheets.stockTitle')}</h2>
      <p className="meta">{t('ticketSheets.stockHint')}</p>
      <label>
        {t('ticketSheets.showtime')}
        <select value={showtimeId} onChange={(e) => setShowtimeId(e.target.value)}>
          {showtimes.map((s) => (
            <option key={s.showtimeId} value={s.showtimeId}>
              {showtimeName(s)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('ticketSheets.layout')}
        <select value={layout} onChange={(e) => setLayout(e.target.value as TicketLayout)}>
          <option value="sheet">{t('ticketSheets.layoutSheet')}</option>
          <option value="perPage">{t('ticketSheets.layoutPerPage')}</option>
        </select>
      </label>
      <div className="row">
        <button
          type="button"
          disabled={pdf.pending || !showtimeId}
          onClick={() => void pdf.run(() => fetchShowtimeStockPdf(organizationId, eventId, showtimeId, layout))}
        >
          {pdf.pending ? t('ticketSheets.preparing') : t('ticketSheets.printStock')}
        </button>
      </div>
      <ErrorNotice error={pdf.error} title={t('ticketSheets.notPrinted')} />
    </section>
  );
}
