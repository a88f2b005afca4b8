import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
import { i18next } from '../../i18n';
import { RegistrationInvoice } from './RegistrationInvoice';

type Tab = 'members' | 'choirs' | 'events' | 'types' | 'boxoffice' | 'all';
type Report = ResponseData<'/api/management/reports', 'get'>;
const TABS: Tab[] = ['members', 'choirs', 'events', 'types', 'boxoffice', 'all'];
const EXPORTS = ['transactions', 'members', 'showtimes', 'orders'] as const;
const channelLabel = (channel: string) => i18next.t(`reports.channel.${channel}`, { defaultValue: channel });

/** The report tabs (one call per tab shown) over all events or one, and the CSV exports. */
export default function ReportsPage() {
  const { t } = useTranslation();
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
      <h1>{t('reports.title')}</h1>
      <label>
        {t('reports.event')}{' '}
        <select value={eventId} onChange={(e) => setEventId(e.target.value)}>
          <option value="">{t('reports.allEvents')}</option>
          {(events.data?.items ?? []).map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </select>
      </label>
      <div role="tablist" aria-label={t('reports.tabs')} className="row tabs">
        {TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={tab === key ? '' : 'secondary'}
            onClick={() => setTab(key)}
          >
            {t(`reports.tab.${key}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={t(`reports.tab.${tab}`)}>
        <Guarded query={report} what={t('reports.loading')}>
          {(data) => <ReportTables data={data} />}
        </Guarded>
      </div>
      <CsvExports eventId={eventId} />
      <RegistrationInvoice />
    </>
  );
}

function ReportTables({ data }: { data: Report }) {
  const { t } = useTranslation();
  return (
    <>
      {data.members && (
        <Table
          caption={t('reports.tab.members')}
          head={[t('reports.member'), t('reports.tickets'), t('reports.revenue'), t('reports.fees')]}
          rows={[
            ...data.members.rows.map((r) => [
              r.userName,
              formatNumber(r.ticketsSold),
              formatMoney(r.revenue),
              formatMoney(r.fees),
            ]),
            [
              t('reports.total'),
              formatNumber(data.members.totals.ticketsSold),
              formatMoney(data.members.totals.revenue),
              formatMoney(data.members.totals.fees),
            ],
          ]}
        />
      )}
      {data.choirs && (
        <Table
          caption={t('reports.choirsTable')}
          head={[
            t('reports.channelColumn'),
            t('reports.organization'),
            t('reports.tickets'),
            t('reports.revenue'),
            t('reports.fees'),
          ]}
          rows={data.choirs.rows.map((r) => [
            channelLabel(r.channel),
            r.organizationName ?? r.organizationId ?? '—',
            formatNumber(r.ticketsSold),
            formatMoney(r.revenue),
            formatMoney(r.fees),
          ])}
        />
      )}
      {data.events && (
        <Table
          caption={t('reports.tab.events')}
          head={[
            t('reports.event'),
            t('reports.date'),
            t('reports.capacity'),
            t('reports.sold'),
            t('reports.free'),
            t('reports.remaining'),
            t('reports.revenue'),
            t('reports.fees'),
          ]}
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
          caption={t('reports.tab.types')}
          head={[
            t('reports.event'),
            t('reports.ticketType'),
            t('reports.tickets'),
            t('reports.revenue'),
            t('reports.fees'),
          ]}
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
          caption={t('reports.boxofficeTable')}
          head={[
            t('reports.event'),
            t('reports.source'),
            t('reports.sales'),
            t('reports.tickets'),
            t('reports.revenue'),
            t('reports.fees'),
          ]}
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
  const { t } = useTranslation();
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
      <h2 id="exports-title">{t('reports.exportsTitle')}</h2>
      <div className="row">
        {EXPORTS.map((type) => (
          <button key={type} type="button" className="secondary" onClick={() => download(type)}>
            {t(`reports.export.${type}`)}
          </button>
        ))}
      </div>
      {saved && <Success>{t('reports.downloaded', { name: saved })}</Success>}
      <ErrorNotice error={error} title={t('reports.exportFailed')} />
    </section>
  );
}
