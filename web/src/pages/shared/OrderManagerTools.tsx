import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18next } from '../../i18n';
import { http, unwrap } from '../../api/instance';
import type { Order } from '../../api/types';
import { useAction } from '../../data/queries';
import { Dialog } from '../../ui/Dialog';
import { ErrorNotice, Success } from '../../ui/feedback';
import { isForbidden, NotAllowed } from '../../ui/access';
import { useFormDialog } from '../../ui/useFormDialog';
import { formatNumber } from '../../ui/format';

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
  const { t } = useTranslation();
  if (!outcome) return null;
  if (outcome.message) return <Success>{outcome.message}</Success>;
  return (
    <ActionError error={outcome.error} what={t('orderTools.delete.what')} title={t('orderTools.delete.notDeleted')} />
  );
}

/** Write, change or clear the note (`null` clears it; who changed it and when is kept). */
export function AdminNoteDialog({ order, onDone }: { order: Order; onDone: (message: string) => void }) {
  const { t } = useTranslation();
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
        onDone(
          t(adminNote === null ? 'orderTools.note.cleared' : 'orderTools.note.saved', { name: order.requestedByName }),
        );
      },
    });
  return (
    <Dialog
      {...dialog.props}
      title={t('orderTools.note.title', { name: order.requestedByName })}
      description={t('orderTools.note.description')}
      trigger={
        <button type="button" className="secondary">
          {order.adminNote ? t('orderTools.note.edit') : t('orderTools.note.add')}
          <span className="sr-only"> {t('orderTools.note.onOrder', { name: order.requestedByName })}</span>…
        </button>
      }
    >
      <form onSubmit={dialog.submit(() => send(text.trim() === '' ? null : text.trim()))} className="stack">
        <label>
          {t('orderTools.note.label', { count: ADMIN_NOTE_MAX, max: formatNumber(ADMIN_NOTE_MAX) })}
          <textarea maxLength={ADMIN_NOTE_MAX} value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <div className="row">
          <button type="submit" disabled={save.isPending}>
            {t('orderTools.note.save')}
          </button>
          {order.adminNote && (
            <button type="button" className="secondary" disabled={save.isPending} onClick={() => send(null)}>
              {t('orderTools.note.clear')}
            </button>
          )}
        </div>
        <ActionError error={save.error} what={t('orderTools.note.what')} />
      </form>
    </Dialog>
  );
}

/**
 * Pending and cancelled orders only (the API refuses the rest); the confirm step says what deleting means. The
 * outcome, a refusal too, goes to the page: after it the lists are read again and the card may move or vanish.
 */
export function DeleteOrderDialog({ order, onOutcome }: { order: Order; onOutcome: (outcome: Outcome) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const remove = useAction((_: void, organizationId) =>
    unwrap(http.DELETE('/api/orders/{id}', { params: { path: { id: order.id }, query: { organizationId } } })),
  );
  if (order.status !== 'pending' && order.status !== 'cancelled') return null;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t(`orderTools.delete.title.${order.status}`, { name: order.requestedByName })}
      description={t('orderTools.delete.description')}
      trigger={
        <button type="button" className="danger">
          {t('orderTools.delete.open')}
          <span className="sr-only"> {t('orderTools.delete.whose', { name: order.requestedByName })}</span>…
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
              onSuccess: () =>
                onOutcome({
                  message: i18next.t(`orderTools.delete.done.${order.status}`, { name: order.requestedByName }),
                }),
              onError: (error) => onOutcome({ error }),
              onSettled: () => setOpen(false),
            })
          }
        >
          {t('orderTools.delete.submit')}
        </button>
      </div>
    </Dialog>
  );
}
