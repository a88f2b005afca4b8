import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useOrganization } from '../../data/session-hooks';
import { Dialog } from '../../ui/Dialog';
import { ErrorNotice, Loading } from '../../ui/feedback';
import { CopyableValue } from './CopyableValue';
import { saveBlob } from '../../data/download';
import { fetchInvoicePdf, useMyInvoice, type MemberInvoice } from './invoice-queries';

// The code and its library load only when the person asks to pay by scanning.
const EpcQrCode = lazy(() => import('./EpcQrCode').then((m) => ({ default: m.EpcQrCode })));

/** "RF18539007547034" → "RF18 5390 0754 7034"; an IBAN the same way (how both are printed and read aloud). */
export const inFours = (value: string) => value.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

/** One event's invoice, as the API answers it (its amounts in the invoice's own currency). */
export function InvoiceCard({ eventId, eventName }: { eventId: string; eventName: string }) {
  const { t } = useTranslation();
  const invoice = useMyInvoice(eventId);
  if (invoice.isPending) return <Loading what={t('invoices.loadingOne', { event: eventName })} />;
  // Cleared since the history was read: there is no invoice for this event any more.
  if (invoice.error instanceof ApiError && invoice.error.status === 404) return null;
  if (invoice.isError) return <ErrorNotice error={invoice.error} title={t('invoices.couldNotLoad')} />;
  return <InvoiceDetails invoice={invoice.data} />;
}

function InvoiceDetails({ invoice }: { invoice: MemberInvoice }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const money = (amount: number) =>
    new Intl.NumberFormat(language, { style: 'currency', currency: invoice.currency }).format(amount);
  const day = (value: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
  const id = `invoice-${invoice.eventId}`;
  const payee = invoice.payee;
  return (
    <article className="card invoice" aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="h3">
        {invoice.eventName} ·{' '}
        <span className={`status invoice-${invoice.status}`}>{t(`invoices.status.${invoice.status}`)}</span>
      </h2>
      <p className="meta">
        {t('invoices.issued', { day: day(invoice.issuedAt.slice(0, 10)) })} ·{' '}
        {t('invoices.due', { day: day(invoice.dueDate) })}
      </p>
      <div className="invoice-table">
        <table className="invoice-lines">
          <caption className="sr-only">{t('invoices.linesCaption', { event: invoice.eventName })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('invoices.ticketType')}</th>
              <th scope="col" className="num">
                {t('invoices.quantity')}
              </th>
              <th scope="col" className="num">
                {t('invoices.unitPrice')}
              </th>
              <th scope="col" className="num">
                {t('invoices.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line) => (
              <tr key={`${line.ticketTypeId}-${line.unitPrice}`} data-testid="invoice-line">
                <th scope="row">{line.ticketTypeName}</th>
                <td className="num">{line.quantity}</td>
                <td className="num">{money(line.unitPrice)}</td>
                <td className="num" data-amount={line.amount.toFixed(2)}>
                  {money(line.amount)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t('invoices.total')}
              </th>
              <td className="num" data-testid="invoice-total" data-amount={invoice.total.toFixed(2)}>
                {money(invoice.total)}
              </td>
            </tr>
            {invoice.paid > 0 && (
              <tr>
                <th scope="row" colSpan={3}>
                  {t('invoices.paid')}
                </th>
                <td className="num">{money(invoice.paid)}</td>
              </tr>
            )}
            <tr>
              <th scope="row" colSpan={3}>
                {t('invoices.outstanding')}
              </th>
              <td className="num" data-testid="invoice-outstanding" data-amount={invoice.outstanding.toFixed(2)}>
                {money(invoice.outstanding)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <PdfButtons eventId={invoice.eventId} />
      {invoice.outstanding > 0 && (
        <section aria-labelledby={`${id}-pay`} className="pay">
          <h3 id={`${id}-pay`}>{t('invoices.howToPay')}</h3>
          <dl className="payment-details">
            {payee && <CopyableValue id={`${id}-holder`} label={t('invoices.payee')} value={payee.accountHolder} />}
            {payee?.iban && (
              <CopyableValue
                id={`${id}-iban`}
                label={t('invoices.iban')}
                value={payee.iban}
                shown={inFours(payee.iban)}
              />
            )}
            {payee?.bic && <CopyableValue id={`${id}-bic`} label={t('invoices.bic')} value={payee.bic} />}
            <CopyableValue
              id={`${id}-amount`}
              label={t('invoices.amountToPay')}
              value={invoice.outstanding.toFixed(2)}
              shown={money(invoice.outstanding)}
            />
            <CopyableValue
              id={`${id}-reference`}
              label={t('invoices.reference')}
              value={invoice.reference}
              shown={inFours(invoice.reference)}
            />
          </dl>
          {!payee && <p className="meta">{t('invoices.noPayee')}</p>}
          {invoice.epcPayload && <PayByScanning invoice={invoice} payload={invoice.epcPayload} money={money} />}
        </section>
      )}
    </article>
  );
}

/** Open (a new tab) or download the PDF: fetched with the session's token, handed over as a blob. */
function PdfButtons({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const run = async (open: boolean) => {
    setBusy(true);
    setError(undefined);
    // A tab opened now, while the click counts as the person's, is not taken for a pop-up once the file arrives.
    const tab = open ? window.open('', '_blank') : null;
    try {
      const { blob, name } = await fetchInvoicePdf(organizationId, eventId);
      if (tab) tab.location.href = URL.createObjectURL(blob);
      else saveBlob(blob, name);
    } catch (cause) {
      tab?.close();
      setError(cause);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="row">
      <button type="button" className="secondary" disabled={busy} onClick={() => void run(true)}>
        {t('invoices.openPdf')}
      </button>
      <button type="button" className="secondary" disabled={busy} onClick={() => void run(false)}>
        {busy ? t('invoices.fetchingPdf') : t('invoices.downloadPdf')}
      </button>
      <ErrorNotice error={error} title={t('invoices.pdfFailed')} />
    </div>
  );
}

/** The EPC QR large on the screen, to scan with a banking app on another device, with the details beside it. */
function PayByScanning({
  invoice,
  payload,
  money,
}: {
  invoice: MemberInvoice;
  payload: string;
  money: (amount: number) => string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('invoices.scanTitle')}
      description={t('invoices.scanHelp')}
      trigger={<button type="button">{t('invoices.payByScanning')}</button>}
    >
      <div className="scan">
        <Suspense fallback={<Loading />}>
          <EpcQrCode payload={payload} label={t('invoices.qrLabel', { amount: money(invoice.outstanding) })} />
        </Suspense>
        <p>
          <strong>{money(invoice.outstanding)}</strong> · {inFours(invoice.reference)}
          <br />
          {invoice.payee?.accountHolder} · {invoice.payee ? inFours(invoice.payee.iban) : ''}
        </p>
      </div>
    </Dialog>
  );
}
