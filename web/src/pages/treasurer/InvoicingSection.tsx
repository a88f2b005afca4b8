import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { http, unwrap } from '../../api/instance';
import type { ResponseData } from '../../api/types';
import { downloadExport } from '../../data/download';
import { useAction } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { ErrorNotice, Success } from '../../ui/feedback';
import { formatMoney, formatNumber } from '../../ui/format';
import { PartialResult } from '../../ui/PartialResult';
import { Table } from '../../ui/Table';
import { invoiceStateLabel, type MemberSales } from './useDashboard';

type InvoiceResult = ResponseData<'/api/management/members/{userId}/invoice/{eventId}', 'put'>;

/**
 * Each member's sales and invoice state for the event, with issue and clear per member (PUT
 * /api/management/members/{userId}/invoice/{eventId}: issuing e-mails the member the invoice PDF) and the invoice PDF
 * itself (GET …/pdf) once something is invoiced. A 207 lists the records left unchanged and why.
 */
export function InvoicingSection({ eventId, members }: { eventId: string; members: MemberSales[] }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<{ name: string; data: InvoiceResult }>();
  return (
    <>
      {result && <InvoiceOutcome name={result.name} data={result.data} />}
      <p className="meta">{t('invoicing.emailHint')}</p>
      <Table
        caption={t('invoicing.table')}
        head={[
          t('invoicing.member'),
          t('invoicing.tickets'),
          t('invoicing.revenue'),
          t('invoicing.stateColumn'),
          t('invoicing.recordsInvoiced'),
          t('invoicing.toInvoice'),
          t('invoicing.action'),
        ]}
        rows={members.map((m) => [
          m.userName,
          formatNumber(m.ticketsSold),
          formatMoney(m.totalRevenue),
          invoiceStateLabel(m.invoiceSummary.state),
          t('invoicing.countOf', {
            invoiced: formatNumber(m.invoiceSummary.invoicedCount),
            eligible: formatNumber(m.invoiceSummary.eligibleCount),
          }),
          formatMoney(m.invoiceSummary.invoiceAmount),
          <InvoiceActions
            key={m.userId}
            eventId={eventId}
            member={m}
            onResult={(data) => setResult({ name: m.userName, data })}
          />,
        ])}
      />
    </>
  );
}

function InvoiceActions({
  eventId,
  member,
  onResult,
}: {
  eventId: string;
  member: MemberSales;
  onResult: (data: InvoiceResult) => void;
}) {
  const { t } = useTranslation();
  const put = useAction((invoiced: boolean, organizationId) =>
    unwrap(
      http.PUT('/api/management/members/{userId}/invoice/{eventId}', {
        params: { path: { userId: member.userId, eventId }, query: { organizationId } },
        body: { invoiced },
      }),
    ),
  );
  const summary = member.invoiceSummary;
  const canIssue = summary.eligibleCount > summary.invoicedCount;
  return (
    <div className="stack">
      <div className="row">
        <button
          type="button"
          disabled={put.isPending || !canIssue}
          aria-label={t('invoicing.issueFor', { name: member.userName })}
          onClick={() => put.mutate(true, { onSuccess: onResult })}
        >
          {t('invoicing.issue')}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={put.isPending || summary.invoicedCount === 0}
          aria-label={t('invoicing.clearFor', { name: member.userName })}
          onClick={() => put.mutate(false, { onSuccess: onResult })}
        >
          {t('invoicing.clear')}
        </button>
        {summary.invoicedCount > 0 && <InvoicePdf eventId={eventId} userId={member.userId} name={member.userName} />}
      </div>
      <ErrorNotice error={put.error} />
    </div>
  );
}

/** The member's invoice as the PDF the member was e-mailed, saved under the server's file name. */
export function InvoicePdf({ eventId, userId, name }: { eventId: string; userId: string; name: string }) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const [error, setError] = useState<unknown>();
  const [saved, setSaved] = useState<string>();
  const open = () => {
    setError(undefined);
    setSaved(undefined);
    downloadExport(
      '/api/management/members/{userId}/invoice/{eventId}/pdf',
      { path: { userId, eventId }, query: { organizationId } },
      'invoice.pdf',
    ).then(setSaved, setError);
  };
  return (
    <>
      <button type="button" className="secondary" aria-label={t('invoicing.pdfFor', { name })} onClick={open}>
        {t('invoicing.pdf')}
      </button>
      {saved && <Success>{t('invoicing.pdfSaved', { name: saved })}</Success>}
      <ErrorNotice error={error} title={t('invoicing.pdfFailed')} />
    </>
  );
}

function InvoiceOutcome({ name, data }: { name: string; data: InvoiceResult }) {
  const { t } = useTranslation();
  return (
    <>
      <PartialResult
        title={data.action === 'issue' ? t('invoicing.issuedFor', { name }) : t('invoicing.clearedFor', { name })}
        completed={data.completed}
        counts={[
          [t('invoicing.count.updated'), data.updated],
          [t('invoicing.count.unchanged'), data.unchanged],
          [t('invoicing.count.conflict'), data.conflict],
          [t('invoicing.count.unresolved'), data.unresolved],
          [t('invoicing.count.invalid'), data.invalid],
          [t('invoicing.count.failed'), data.failed],
        ]}
        records={(data.incomplete ?? []).map((r) => ({
          id: r.id,
          kind: r.recordKind,
          outcome: r.outcome,
          reason: r.reason,
        }))}
      />
      {data.invoiceEmailed !== undefined && (
        <p role="status" className={data.invoiceEmailed ? 'meta' : 'owed-note'}>
          {data.invoiceEmailed ? t('invoicing.emailed', { name }) : t('invoicing.notEmailed', { name })}
        </p>
      )}
    </>
  );
}
