import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useAction } from '../../data/queries';
import { i18next } from '../../i18n';
import { write } from '../../offline/write';
import { Dialog } from '../../ui/Dialog';
import { ErrorNotice, Success } from '../../ui/feedback';
import { formatMoney, formatSettings } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { Table } from '../../ui/Table';
import { useFormDialog } from '../../ui/useFormDialog';
import { InvoicePdf } from './InvoicingSection';
import { receivableStatusLabel, useReceivables, type Receivable } from './useDashboard';

/** A calendar day (YYYY-MM-DD) in the person's language; the day itself, not an instant, so no time zone moves it. */
export const formatDay = (day: string | undefined) =>
  day
    ? new Intl.DateTimeFormat(i18next.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00.000Z`),
      )
    : '';

/**
 * Today as YYYY-MM-DD where the API counts a payment's day (the default and latest "paid on"): in the organization's
 * time zone, UTC until one is set (shared/domain/invoicing/invoice-settings.ts). This device's own day can already be
 * tomorrow there (Amsterdam after 23:00 UTC), which the API refuses as a day in the future.
 */
const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: formatSettings().timeZone ?? 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/**
 * What each member owes for the event (GET /api/management/events/{eventId}/receivables, one call): invoiced, paid,
 * outstanding and status, overdue ones highlighted, with the totals; per member a payment is recorded (POST
 * …/invoice/{eventId}/payments through the outbox, one Idempotency-Key per payment the treasurer means) and the
 * invoice PDF opened.
 */
export function ReceivablesSection({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const receivables = useReceivables(eventId);
  const [done, setDone] = useState<string>();
  return (
    <section aria-labelledby="receivables">
      <h2 id="receivables">{t('receivables.title')}</h2>
      {done && <Success>{done}</Success>}
      <Guarded query={receivables} what={t('receivables.loading')}>
        {(data) => (
          <Table
            caption={t('receivables.table')}
            head={[
              t('receivables.member'),
              t('receivables.invoiced'),
              t('receivables.paid'),
              t('receivables.outstanding'),
              t('receivables.statusColumn'),
              t('receivables.dueDate'),
              t('receivables.action'),
            ]}
            rows={[
              ...data.items.map((r) => [
                r.name,
                formatMoney(r.invoiced),
                formatMoney(r.paid),
                formatMoney(r.outstanding),
                r.status === 'overdue' ? (
                  <strong key={r.userId} className="owed">
                    {receivableStatusLabel(r.status)}
                  </strong>
                ) : (
                  receivableStatusLabel(r.status)
                ),
                formatDay(r.dueDate),
                r.status === 'not_invoiced' ? (
                  ''
                ) : (
                  <div key={r.userId} className="row">
                    <RecordPayment eventId={eventId} receivable={r} onDone={setDone} />
                    <InvoicePdf eventId={eventId} userId={r.userId} name={r.name} />
                  </div>
                ),
              ]),
              ...(data.items.length > 0
                ? [
                    [
                      t('receivables.total'),
                      formatMoney(data.totals.invoiced),
                      formatMoney(data.totals.paid),
                      formatMoney(data.totals.outstanding),
                      '',
                      '',
                      '',
                    ],
                  ]
                : []),
            ]}
          />
        )}
      </Guarded>
    </section>
  );
}

function RecordPayment({
  eventId,
  receivable,
  onDone,
}: {
  eventId: string;
  receivable: Receivable;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState(today());
  const [note, setNote] = useState('');
  const pay = useAction((_: void, organizationId) =>
    write('post', '/api/management/members/{userId}/invoice/{eventId}/payments', {
      params: { path: { userId: receivable.userId, eventId }, query: { organizationId } },
      body: { amount: Number(amount), paidOn, ...(note.trim() ? { note: note.trim() } : {}) },
      label: t('payments.pendingLabel', { amount: formatMoney(Number(amount)), name: receivable.name }),
      queue: true,
    }),
  );
  const dialog = useFormDialog(() => {
    setAmount(receivable.outstanding > 0 ? String(receivable.outstanding) : '');
    setPaidOn(today());
    setNote('');
    pay.reset();
  });
  const submit = dialog.submit(() =>
    pay.mutate(undefined, {
      onSuccess: (result) => {
        dialog.close();
        onDone(
          t('payments.recorded', {
            amount: formatMoney(result.payment.amount),
            name: receivable.name,
            day: formatDay(result.payment.paidOn),
            status: receivableStatusLabel(result.invoice.status).toLowerCase(),
            outstanding: formatMoney(result.invoice.outstanding),
          }),
        );
      },
    }),
  );
  return (
    <Dialog
      {...dialog.props}
      title={t('payments.title', { name: receivable.name })}
      description={t('payments.description', {
        outstanding: formatMoney(receivable.outstanding),
        reference: receivable.reference,
      })}
      trigger={
        <button type="button" aria-label={t('payments.openFor', { name: receivable.name })}>
          {t('payments.open')}
        </button>
      }
    >
      <form onSubmit={submit} className="stack">
        <label>
          {t('payments.amount')}
          <input
            type="number"
            inputMode="decimal"
            min={0.01}
            step="0.01"
            required
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
        <label>
          {t('payments.paidOn')}
          <input type="date" required max={today()} value={paidOn} onChange={(e) => setPaidOn(e.target.value)} />
        </label>
        <label>
          {t('payments.note')}
          <input value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </label>
        <button type="submit" disabled={pay.isPending}>
          {t('payments.submit')}
        </button>
        <ErrorNotice error={pay.error} />
      </form>
    </Dialog>
  );
}
