import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { ActiveEvent, FreeTicket } from '../../api/types';
import { useAction } from '../../data/queries';
import { Dialog } from '../../ui/Dialog';
import { ErrorNotice } from '../../ui/feedback';
import { useFormDialog } from '../../ui/useFormDialog';
import { FreeTicketFields, type FreeTicketValues } from './FreeTicketFields';
import { write } from '../../offline/write';

/**
 * Change a free ticket (Ticket Manager+): showtime, type, quantity, recipient, reason. Only the fields that changed
 * are sent; more tickets need free seats (a refusal says how many are left), fewer give seats back.
 */
export function EditFreeTicket({ event, ticket }: { event: ActiveEvent; ticket: FreeTicket }) {
  const { t } = useTranslation();
  const initial: FreeTicketValues = {
    showtimeId: ticket.showtimeId,
    ticketTypeId: ticket.ticketTypeId,
    quantity: String(ticket.quantity),
    recipient: ticket.recipient,
    reason: ticket.reason ?? '',
  };
  const [values, setValues] = useState(initial);
  const changes = {
    ...(values.showtimeId !== initial.showtimeId ? { showtimeId: values.showtimeId } : {}),
    ...(values.ticketTypeId !== initial.ticketTypeId ? { ticketTypeId: values.ticketTypeId } : {}),
    ...(values.quantity !== initial.quantity ? { quantity: Number(values.quantity) } : {}),
    ...(values.recipient.trim() !== initial.recipient ? { recipient: values.recipient.trim() } : {}),
    ...(values.reason.trim() !== initial.reason ? { reason: values.reason.trim() } : {}),
  };
  const save = useAction((_: void, organizationId) =>
    write('put', '/api/events/{eventId}/free-tickets/{id}', {
      params: { path: { eventId: event.id, id: ticket.id }, query: { organizationId } },
      body: changes,
      label: t('offline.label.freeTicketsChange'),
    }),
  );
  const dialog = useFormDialog(() => {
    save.reset();
    setValues(initial);
  });
  return (
    <Dialog
      {...dialog.props}
      title={t('free.changeTitle', { name: ticket.recipient })}
      trigger={
        <button type="button" className="secondary">
          {t('free.change')}
          <span className="sr-only"> {t('free.whose', { name: ticket.recipient })}</span>…
        </button>
      }
    >
      <form onSubmit={dialog.submit(() => save.mutate(undefined, { onSuccess: dialog.close }))} className="stack">
        <FreeTicketFields event={event} values={values} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))} />
        <button type="submit" disabled={save.isPending || Object.keys(changes).length === 0}>
          {t('common.saveChanges')}
        </button>
        <ErrorNotice error={save.error} title={t('free.notChanged')} />
      </form>
    </Dialog>
  );
}
