import { useState } from 'react';
import { http, unwrap } from '../../api/instance';
import type { Order } from '../../api/types';
import { useAction } from '../../data/queries';
import { Dialog } from '../../ui/Dialog';
import { ErrorNotice, Success } from '../../ui/feedback';
import { isForbidden, NotAllowed } from '../../ui/access';
import { useFormDialog } from '../../ui/useFormDialog';

/**
 * Two actions of a Ticket Manager+ on an order card: the admin note (the managers' own remark; the member never
 * sees it) and deleting a pending or cancelled order. Both routes answer Ticket Manager+ only, and the pages that
 * show these cards are the managers' and the admin's; a 403 anyway reads "not allowed".
 */
export const ADMIN_NOTE_MAX = 2000;

/** A refused action: a 403 reads "not allowed", anything else in plain words (docs/decisions/web-client.md). */
export function ActionError({ error, what, title }: { error: unknown; what: string; title?: string }) {
  if (isForbidden(error)) return <NotAllowed what={what} />;
  return <ErrorNotice error={error} title={title} />;
}

/** What a card's action tells its page: the card itself may leave the list when the list is read again. */
export type Outcome = { message: string; error?: undefined } | { error: unknown; message?: undefined };

/** The page's line about the last card action, success or refusal. */
export function OutcomeNotice({ outcome }: { outcome?: Outcome }) {
  if (!outcome) return null;
  if (outcome.message) return <Success>{outcome.message}</Success>;
  return <ActionError error={outcome.error} what="deleting orders" title="Not deleted" />;
}

/** Write, change or clear the note (`null` clears it; who changed it and when is kept). */
export function AdminNoteDialog({ order, onDone }: { order: Order; onDone: (message: string) => void }) {
  const [text, setText] = useState(order.adminNote ?? '');
  const save = useAction((adminNote: string | null, organizationId) =>
    unwrap(
      http.PATCH('/api/orders/{id}/admin-note', {
        params: { path: { id: order.id }, query: { organizationId } },
        body: { adminNote },
      }),
    ),
  );
  const dialog = useFormDialog(() => {
    save.reset();
    setText(order.adminNote ?? '');
  });
  const send = (adminNote: string | null) =>
    save.mutate(adminNote, {
      onSuccess: () => {
        dialog.close();
        onDone(`${order.requestedByName}'s order: admin note ${adminNote === null ? 'cleared' : 'saved'}.`);
      },
    });
  return (
    <Dialog
      {...dialog.props}
      title={`Admin note on ${order.requestedByName}'s order`}
      description="Seen by ticket managers, treasurers and admins, never by the member."
      trigger={
        <button type="button" className="secondary">
          {order.adminNote ? 'Edit note' : 'Add note'}
          <span className="sr-only"> on {order.requestedByName}'s order</span>…
        </button>
      }
    >
      <form onSubmit={dialog.submit(() => send(text.trim() === '' ? null : text.trim()))} className="stack">
        <label>
          Admin note (up to {ADMIN_NOTE_MAX} characters)
          <textarea maxLength={ADMIN_NOTE_MAX} value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <div className="row">
          <button type="submit" disabled={save.isPending}>
            Save note
          </button>
          {order.adminNote && (
            <button type="button" className="secondary" disabled={save.isPending} onClick={() => send(null)}>
              Clear note
            </button>
          )}
        </div>
        <ActionError error={save.error} what="admin notes" />
      </form>
    </Dialog>
  );
}

/**
 * Pending and cancelled orders only (the API refuses the rest); the confirm step says what deleting means. The
 * outcome, a refusal too, goes to the page: after it the lists are read again and the card may move or vanish.
 */
export function DeleteOrderDialog({ order, onOutcome }: { order: Order; onOutcome: (outcome: Outcome) => void }) {
  const [open, setOpen] = useState(false);
  const remove = useAction((_: void, organizationId) =>
    unwrap(http.DELETE('/api/orders/{id}', { params: { path: { id: order.id }, query: { organizationId } } })),
  );
  if (order.status !== 'pending' && order.status !== 'cancelled') return null;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={`Delete ${order.requestedByName}'s ${order.status} order?`}
      description="The order disappears from every list, count and report, and the member no longer sees it. Orders have no restore."
      trigger={
        <button type="button" className="danger">
          Delete<span className="sr-only"> {order.requestedByName}'s order</span>…
        </button>
      }
    >
      <div className="row">
        <button
          type="button"
          className="danger"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(undefined, {
              onSuccess: () => onOutcome({ message: `${order.requestedByName}'s ${order.status} order was deleted.` }),
              onError: (error) => onOutcome({ error }),
              onSettled: () => setOpen(false),
            })
          }
        >
          Delete the order
        </button>
      </div>
    </Dialog>
  );
}
