import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { ActiveEvent, ExternalSale } from '../../api/types';
import { useAction } from '../../data/queries';
import { Dialog } from '../../ui/Dialog';
import { ErrorNotice } from '../../ui/feedback';
import { linesOf, TicketInputs } from '../../ui/TicketInputs';
import { useFormDialog } from '../../ui/useFormDialog';
import { write } from '../../offline/write';

const valuesOf = (sale: ExternalSale) =>
  Object.fromEntries(sale.tickets.map((line) => [line.ticketTypeId, String(line.quantity)]));

/**
 * Edit a ledger sale (Ticket Manager+): its tickets, source and note, replaced as a whole (an emptied note is
 * cleared). More tickets need free seats; an admin's audited correction (for what really sold, past the seats
 * left) stays the separate "Correct…" action.
 */
export function EditExternalSale({ sale, event }: { sale: ExternalSale; event: ActiveEvent }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>(() => valuesOf(sale));
  const [source, setSource] = useState(sale.source);
  const [note, setNote] = useState(sale.note ?? '');
  const save = useAction((_: void, organizationId) =>
    write('put', '/api/management/external-sales/{id}', {
      params: { path: { id: sale.id }, query: { organizationId } },
      body: { tickets: linesOf(values), source: source.trim(), ...(note.trim() ? { note: note.trim() } : {}) },
      label: t('offline.label.externalSaleChange'),
    }),
  );
  const dialog = useFormDialog(() => {
    save.reset();
    setValues(valuesOf(sale));
    setSource(sale.source);
    setNote(sale.note ?? '');
  });
  return (
    <Dialog
      {...dialog.props}
      title={t('external.editTitle', { source: sale.source })}
      trigger={
        <button type="button" className="secondary">
          {t('common.edit')}
          <span className="sr-only"> {t('external.whichSale', { source: sale.source })}</span>…
        </button>
      }
    >
      <form onSubmit={dialog.submit(() => save.mutate(undefined, { onSuccess: dialog.close }))} className="stack">
        <label>
          {t('external.source')}
          <input required maxLength={100} value={source} onChange={(e) => setSource(e.target.value)} />
        </label>
        <TicketInputs types={event.ticketTypes} values={values} onChange={setValues} legend={t('sales.ticketsSold')} />
        <label>
          {t('external.noteOptional')}
          <textarea maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
        <button type="submit" disabled={save.isPending || linesOf(values).length === 0}>
          {t('external.save')}
        </button>
        <ErrorNotice error={save.error} title={t('external.notSaved')} />
      </form>
    </Dialog>
  );
}
