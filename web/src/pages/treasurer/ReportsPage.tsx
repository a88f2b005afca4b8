import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { http, unwrap } from '../../api/instance';
import type { ResponseData } from '../../api/types';
import { useOrganization } from '../../data/session-hooks';
import { ErrorNotice, Success } from '../../ui/feedback';
import { formatDateTime, formatMoney, formatNumber, showtimeName } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { downloadExport } from '../../data/download';
import { useEvents } from '../../data/events';
import { Table } from '../../ui/Table';
import { RegistrationInvoice } from './RegistrationInvoice';

type Tab = 'members' | 'choirs' | 'events' | 'types' | 'boxoffice' | 'all';
type Report = ResponseData<'/api/management/reports', 'get'>;
const TABS: [Tab, string][] = [
  ['members', 'Members'],
  ['choirs', 'Choirs'],
  ['events', 'Events'],
  ['types', 'Ticket types'],
  ['boxoffice', 'Box office'],
  ['all', 'All'],
];
const EXPORTS = ['transactions', 'members', 'showtimes', 'orders'] as const;
const CHANNEL: Record<string, string> = { member: 'Members', partner: 'Partner', external: 'External' };

/** The report tabs (one call per tab shown) over all events or one, and the CSV exports. */
export default function ReportsPage() {
  const { organizationId } = useOrganization();
  const [tab, setTab] = useState<Tab>('members');
  const [eventId, setEventId] = useState('');
  const events = useEvents();
  const report = useQuery({
    queryKey: [organizationId, 'reports', tab, eventId],
    queryFn: () =>
      unwrap(
        http.GET('/api/management/reports', {
          params: { query: { organizationId, type: tab, ...(eventId ? { eventId } : {}) } },
        }),
      ),
    enabled: Boolean(organizationId),
  });
  return (
    <>
      <h1>Reports</h1>
      <label>
        Event{' '}
        <select value={eventId} onChange={(e) => setEventId(e.target.value)}>
          <option value="">All events</option>
          {(events.data?.items ?? []).map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </select>
      </label>
      <div role="tablist" aria-label="Report" className="row tabs">
        {TABS.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={tab === key ? '' : 'secondary'}
            onClick={() => setTab(key)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={TABS.find(([k]) => k === tab)?.[1]}>
        <Guarded query={report} what="Loading the report">
          {(data) => <ReportTables data={data} />}
        </Guarded>
      </div>
      <CsvExports eventId={eventId} />
      <RegistrationInvoice />
    </>
  );
}

function ReportTables({ data }: { data: Report }) {
  return (
    <>
      {data.members && (
        <Table
          caption="Members"
          head={['Member', 'Tickets', 'Revenue', 'Fees']}
          rows={[
            ...data.members.rows.map((r) => [
              r.userName,
              formatNumber(r.ticketsSold),
              formatMoney(r.revenue),
              formatMoney(r.fees),
            ]),
            [
              'Total',
              formatNumber(data.members.totals.ticketsSold),
              formatMoney(data.members.totals.revenue),
              formatMoney(data.members.totals.fees),
            ],
          ]}
        />
      )}
      {data.choirs && (
        <Table
          caption="Choirs and channels"
          head={['Channel', 'Organization', 'Tickets', 'Revenue', 'Fees']}
          rows={data.choirs.rows.map((r) => [
            CHANNEL[r.channel] ?? r.channel,
            r.organizationName ?? r.organizationId ?? '—',
            formatNumber(r.ticketsSold),
            formatMoney(r.revenue),
            formatMoney(r.fees),
          ])}
        />
      )}
      {data.events && (
        <Table
          caption="Events"
          head={['Event', 'Date', 'Capacity', 'Sold', 'Free', 'Remaining', 'Revenue', 'Fees']}
          rows={data.events.rows.flatMap((r) => [
            [
              r.eventName,
              formatDateTime(r.date),
              formatNumber(r.capacity),
              formatNumber(r.ticketsSold),
              formatNumber(r.freeTickets),
              formatNumber(r.remaining),
              formatMoney(r.revenue),
              formatMoney(r.fees),
            ],
            ...r.showtimes.map((s) => [
              `↳ ${showtimeName(s)}`,
              '',
              formatNumber(s.capacity),
              formatNumber(s.totalSold),
              formatNumber(s.freeTickets),
              formatNumber(s.remaining),
              formatMoney(s.revenue),
              formatMoney(s.fees),
            ]),
          ])}
        />
      )}
      {data.types && (
        <Table
          caption="Ticket types"
          head={['Event', 'Ticket type', 'Tickets', 'Revenue', 'Fees']}
          rows={data.types.rows.map((r) => [
            r.eventName,
            r.ticketTypeName,
            formatNumber(r.quantity),
            formatMoney(r.revenue),
            formatMoney(r.fees),
          ])}
        />
      )}
      {data.boxoffice && (
        <Table
          caption="Box office and external sources"
          head={['Event', 'Source', 'Sales', 'Tickets', 'Revenue', 'Fees']}
          rows={data.boxoffice.rows.map((r) => [
            r.eventName,
            r.source,
            formatNumber(r.sales),
            formatNumber(r.quantity),
            formatMoney(r.revenue),
            formatMoney(r.fees),
          ])}
        />
      )}
    </>
  );
}

function CsvExports({ eventId }: { eventId: string }) {
  const { organizationId } = useOrganization();
  const [error, setError] = useState<unknown>();
  const [saved, setSaved] = useState<string>();
  const download = (exportType: (typeof EXPORTS)[number]) => {
    setError(undefined);
    setSaved(undefined);
    downloadExport(
      '/api/management/reports/export',
      { query: { organizationId, exportType, ...(eventId ? { eventId } : {}) } },
      `${exportType}.csv`,
    ).then(setSaved, setError);
  };
  return (
    <section aria-labelledby="exports-title">
      <h2 id="exports-title">CSV exports</h2>
      <div className="row">
        {EXPORTS.map((type) => (
          <button key={type} type="button" className="secondary" onClick={() => download(type)}>
            {type[0].toUpperCase() + type.slice(1)} CSV
          </button>
        ))}
      </div>
      {saved && <Success>Downloaded {saved}.</Success>}
      <ErrorNotice error={error} title="The export failed" />
    </section>
  );
}
