import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
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
        label: t('offline.label.transfer', { tickets: tickets(moving), name: order.requestedByName }),
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
        onDone?.(
          t('transfer.movedFrom', {
            tickets: tickets(moved.quantity),
            from: order.requestedByName,
            to: moved.recipientName,
          }),
        );
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
      title={t('transfer.title', { name: order.requestedByName })}
      description={t('transfer.description', { count: outstanding })}
      trigger={
        <button type="button" className="secondary">
          {t('transfer.open')}
        </button>
      }
    >
      {result ? (
        <Success>
          {t('transfer.moved', {
            tickets: tickets(result.quantity),
            to: result.recipientName,
            kind: t(`transfer.kind.${result.transferType}`),
          })}
        </Success>
      ) : (
        <form onSubmit={submit} className="stack">
          <QueryView query={members} what={t('transfer.loadingMembers')}>
            {(data) => (
              <label>
                {t('transfer.to')}
                <select required value={toUserId} onChange={(e) => setToUserId(e.target.value)}>
                  <option value="">{t('transfer.choose')}</option>
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
            <legend>{t('transfer.howMany')}</legend>
            <label className="inline">
              <input type="radio" name="mode" checked={mode === 'full'} onChange={() => setMode('full')} />{' '}
              {t('transfer.all', { count: outstanding })}
            </label>
            <label className="inline">
              <input type="radio" name="mode" checked={mode === 'partial'} onChange={() => setMode('partial')} />{' '}
              {t('transfer.some')}
            </label>
            {mode === 'partial' && (
              <label>
                {t('transfer.quantity')}
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
            {t('free.reasonOptional')}
            <input value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
          </label>
          <button type="submit" disabled={transfer.isPending || !toUserId}>
            {transfer.isPending ? t('transfer.moving') : transfer.isError ? t('transfer.retry') : t('transfer.submit')}
          </button>
          <ErrorNotice error={transfer.error} title={t('transfer.failed')} />
        </form>
      )}
    </Dialog>
  );
}
