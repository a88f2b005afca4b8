import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { outstandingOf, type Order, type TransferResult } from '../../api/types';
import { useAction, useMembers } from '../../data/queries';
import { Dialog } from '../../ui/Dialog';
import { ErrorNotice, QueryView, Success } from '../../ui/feedback';
import { tickets } from '../../ui/format';
import { forgetId, rememberedId } from '../../offline/intent-ids';
import { write } from '../../offline/write';

/**
 * Moves tickets to another member. Safe to retry: one transferRequestId per attempt, kept on the device and
 * reused by every resend of that attempt (a timeout, a double click, a reload), so the server applies it once
 * (docs/decisions/transfers.md). A changed form after a failure is the same attempt only if nothing changed.
 */
export function TransferDialog({
  order,
  eventId,
  onDone,
}: {
  order: Order;
  eventId: string;
  /** Told the outcome too: a transfer of the whole balance moves the order out of the delivered list. */
  onDone?: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [toUserId, setToUserId] = useState('');
  const [mode, setMode] = useState<'full' | 'partial'>('partial');
  const [quantity, setQuantity] = useState('1');
  const [reason, setReason] = useState('');
  const [result, setResult] = useState<TransferResult>();
  const members = useMembers(open ? eventId : undefined);
  const outstanding = outstandingOf(order);
  const moving = mode === 'full' ? outstanding : Number(quantity);

  const transfer = useAction(async (_: void, organizationId) => {
    // The same request content reuses the attempt's id, also after a reload (kept on the device until answered);
    // different content is a new attempt with a new id.
    const content = JSON.stringify(['transfer', order.id, toUserId, moving]);
    try {
      const moved = await write('post', '/api/orders/{id}/transfer', {
        params: { path: { id: order.id }, query: { organizationId } },
        body: {
          toUserId,
          transferRequestId: rememberedId(content),
          quantity: moving,
          ...(reason.trim() ? { reason: reason.trim() } : {}),
        },
        label: `Transfer of ${tickets(moving)} from ${order.requestedByName}`,
      });
      forgetId(content);
      return moved;
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
        forgetId(content);
      }
      throw error;
    }
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    transfer.mutate(undefined, {
      onSuccess: (moved) => {
        setResult(moved);
        onDone?.(`Moved ${tickets(moved.quantity)} from ${order.requestedByName} to ${moved.recipientName}.`);
      },
    });
  };
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setResult(undefined);
      transfer.reset();
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Transfer tickets from ${order.requestedByName}`}
      description={`${outstanding} tickets are outstanding on this order; only those can move.`}
      trigger={
        <button type="button" className="secondary">
          Transfer…
        </button>
      }
    >
      {result ? (
        <Success>
          Moved {tickets(result.quantity)} to {result.recipientName} ({result.transferType} transfer).
        </Success>
      ) : (
        <form onSubmit={submit} className="stack">
          <QueryView query={members} what="Loading members">
            {(data) => (
              <label>
                To member
                <select required value={toUserId} onChange={(e) => setToUserId(e.target.value)}>
                  <option value="">Choose a member</option>
                  {data.items
                    .filter((m) => m.userId !== order.requestedBy)
                    .map((m) => (
                      <option key={m.userId} value={m.userId}>
                        {m.name}
                      </option>
                    ))}
                </select>
              </label>
            )}
          </QueryView>
          <fieldset>
            <legend>How many</legend>
            <label className="inline">
              <input type="radio" name="mode" checked={mode === 'full'} onChange={() => setMode('full')} /> All{' '}
              {outstanding} outstanding
            </label>
            <label className="inline">
              <input type="radio" name="mode" checked={mode === 'partial'} onChange={() => setMode('partial')} /> Some
            </label>
            {mode === 'partial' && (
              <label>
                Tickets to move
                <input
                  type="number"
                  min={1}
                  max={outstanding}
                  required
                  value={quantity}
                  onChange={(e) => setQuantity(e.target.value)}
                />
              </label>
            )}
          </fieldset>
          <label>
            Reason (optional)
            <input value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
          </label>
          <button type="submit" disabled={transfer.isPending || !toUserId}>
            {transfer.isPending ? 'Moving…' : transfer.isError ? 'Try again' : 'Transfer'}
          </button>
          <ErrorNotice error={transfer.error} title="The transfer did not go through" />
        </form>
      )}
    </Dialog>
  );
}
