import { useState } from 'react';
import { http, unwrap } from '../../api/instance';
import type { ResponseData } from '../../api/types';
import { useAction } from '../../data/queries';
import { ErrorNotice } from '../../ui/feedback';
import { formatMoney, formatNumber } from '../../ui/format';
import { PartialResult } from '../../ui/PartialResult';
import { Table } from '../../ui/Table';
import { INVOICE_STATE, type MemberSales } from './useDashboard';

type InvoiceResult = ResponseData<'/api/management/members/{userId}/invoice/{eventId}', 'put'>;

/**
 * Each member's sales and invoice state for the event, with issue and clear per member (PUT
 * /api/management/members/{userId}/invoice/{eventId}). A 207 lists the records left unchanged and why.
 */
export function InvoicingSection({ eventId, members }: { eventId: string; members: MemberSales[] }) {
  const [result, setResult] = useState<{ name: string; data: InvoiceResult }>();
  return (
    <>
      {result && <InvoiceOutcome name={result.name} data={result.data} />}
      <Table
        caption="Sales and invoicing per member"
        head={['Member', 'Tickets', 'Revenue', 'Invoice state', 'Records invoiced', 'To invoice', 'Action']}
        rows={members.map((m) => [
          m.userName,
          formatNumber(m.ticketsSold),
          formatMoney(m.totalRevenue),
          INVOICE_STATE[m.invoiceSummary.state] ?? m.invoiceSummary.state,
          `${m.invoiceSummary.invoicedCount} of ${m.invoiceSummary.eligibleCount}`,
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
          aria-label={`Issue invoice to ${member.userName}`}
          onClick={() => put.mutate(true, { onSuccess: onResult })}
        >
          Issue
        </button>
        <button
          type="button"
          className="secondary"
          disabled={put.isPending || summary.invoicedCount === 0}
          aria-label={`Clear invoice of ${member.userName}`}
          onClick={() => put.mutate(false, { onSuccess: onResult })}
        >
          Clear
        </button>
      </div>
      <ErrorNotice error={put.error} />
    </div>
  );
}

function InvoiceOutcome({ name, data }: { name: string; data: InvoiceResult }) {
  return (
    <PartialResult
      title={`${data.action === 'issue' ? 'Invoice issued' : 'Invoice cleared'} for ${name}`}
      completed={data.completed}
      counts={[
        ['updated', data.updated],
        ['already so', data.unchanged],
        ['conflicting', data.conflict],
        ['not yet settled', data.unresolved],
        ['with an invalid basis', data.invalid],
        ['failed', data.failed],
      ]}
      records={(data.incomplete ?? []).map((r) => ({
        id: r.id,
        kind: r.recordKind,
        outcome: r.outcome,
        reason: r.reason,
      }))}
    />
  );
}
