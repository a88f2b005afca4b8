import { useState, type FormEvent } from 'react';
import { http, unwrap } from '../../api/instance';
import type { ActiveEvent, FreeTicket } from '../../api/types';
import { useAction } from '../../app/queries';
import { Dialog } from '../../ui/Dialog';
import { ErrorNotice } from '../../ui/feedback';
import { ShowtimeSelect } from '../../ui/TicketInputs';

/**
 * Change a free ticket (Ticket Manager+): showtime, type, quantity, recipient, reason. Only the fields that changed
 * are sent; more tickets need free seats (a refusal says how many are left), fewer give seats back.
 */
export function EditFreeTicket({ event, ticket }: { event: ActiveEvent; ticket: FreeTicket }) {
  const [open, setOpen] = useState(false);
  const initial = {
    showtimeId: ticket.showtimeId,
    ticketTypeId: ticket.ticketTypeId,
    quantity: String(ticket.quantity),
    recipient: ticket.recipient,
    reason: ticket.reason ?? '',
  };
  const [values, setValues] = useState(initial);
  const set = (patch: Partial<typeof initial>) => setValues((v) => ({ ...v, ...patch }));
  const changes = {
    ...(values.showtimeId !== initial.showtimeId ? { showtimeId: values.showtimeId } : {}),
    ...(values.ticketTypeId !== initial.ticketTypeId ? { ticketTypeId: values.ticketTypeId } : {}),
    ...(values.quantity !== initial.quantity ? { quantity: Number(values.quantity) } : {}),
    ...(values.recipient.trim() !== initial.recipient ? { recipient: values.recipient.trim() } : {}),
    ...(values.reason.trim() !== initial.reason ? { reason: values.reason.trim() } : {}),
  };
  const save = useAction((_: void, organizationId) =>
    unwrap(
      http.PUT('/api/events/{eventId}/free-tickets/{id}', {
        params: { path: { eventId: event.id, id: ticket.id }, query: { organizationId } },
        body: changes,
      }),
    ),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(undefined, { onSuccess: () => setOpen(false) });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        save.reset();
        if (next) setValues(initial);
      }}
      title={`Change ${ticket.recipient}'s free tickets`}
      trigger={
        <button type="button" className="secondary">
          Change<span className="sr-only"> {ticket.recipient}'s tickets</span>…
        </button>
      }
    >
      <form onSubmit={submit} className="stack">
        <ShowtimeSelect
          showtimes={event.showtimes}
          value={values.showtimeId}
          onChange={(showtimeId) => set({ showtimeId })}
        />
        <label>
          Ticket type
          <select value={values.ticketTypeId} onChange={(e) => set({ ticketTypeId: e.target.value })}>
            {event.ticketTypes.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Quantity
          <input
            type="number"
            min={1}
            required
            value={values.quantity}
            onChange={(e) => set({ quantity: e.target.value })}
          />
        </label>
        <label>
          Recipient
          <input
            required
            maxLength={255}
            value={values.recipient}
            onChange={(e) => set({ recipient: e.target.value })}
          />
        </label>
        <label>
          Reason (optional)
          <input maxLength={1000} value={values.reason} onChange={(e) => set({ reason: e.target.value })} />
        </label>
        <button type="submit" disabled={save.isPending || Object.keys(changes).length === 0}>
          Save changes
        </button>
        <ErrorNotice error={save.error} title="Not changed" />
      </form>
    </Dialog>
  );
}
