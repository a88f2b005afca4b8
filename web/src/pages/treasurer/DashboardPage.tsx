import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { useCapacity } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { Empty, ErrorNotice, Loading, Success } from '../../ui/feedback';
import { formatMoney, formatNumber, showtimeName } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { downloadExport } from '../../data/download';
import { EventSelect } from '../../ui/EventSelect';
import { useChosenEvent } from '../../data/events';
import { Table } from '../../ui/Table';
import { DoorFiguresSection } from './DoorFiguresSection';
import { EventsAtAGlance, useEventsOverview } from './EventsAtAGlance';
import { InvoicingSection } from './InvoicingSection';
import { ReceivablesSection } from './ReceivablesSection';
import { SharedPoolPanel } from './SharedPoolPanel';
import { useDashboard, type Dashboard } from './useDashboard';

// Chart.js is its own chunk, fetched only when a dashboard is on screen.
const BarChart = lazy(() => import('../../ui/BarChart'));

/**
 * The treasurer's event dashboard: totals, sales per showtime against capacity, per ticket type, per member and per
 * channel, each chart with its table; what the door saw; the exports; member invoicing, payments and receivables.
 * Calls: the events overview (the event list with every event's figures), dashboard, capacity summary (for free
 * tickets), door figures, receivables; writes on demand.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const events = useEventsOverview();
  const { chosen, live, choose } = useChosenEvent(events.data?.items);
  const dashboard = useDashboard(chosen?.id);
  const capacity = useCapacity(chosen?.id);
  return (
    <>
      <h1>{t('dashboard.title')}</h1>
      <Guarded query={events} what={t('dashboard.loadingEvents')}>
        {() =>
          !chosen ? (
            <Empty>{t('dashboard.noEvents')}</Empty>
          ) : (
            <>
              <EventSelect events={live} value={chosen.id} onChange={choose} />
              <Guarded query={dashboard} what={t('dashboard.loading')}>
                {(data) => <DashboardView data={data} free={capacity.data?.showtimes} />}
              </Guarded>
              <EventsAtAGlance items={live} />
            </>
          )
        }
      </Guarded>
    </>
  );
}

type FreeByShowtime = { showtimeId: string; free: number }[] | undefined;

function DashboardView({ data, free }: { data: Dashboard; free: FreeByShowtime }) {
  const { t } = useTranslation();
  const showtimes = data.salesByShowtime;
  const members = showtimes.reduce((n, s) => n + s.sold, 0);
  const partners = showtimes.reduce((n, s) => n + (s.partnerSold ?? 0), 0);
  const external = showtimes.reduce((n, s) => n + s.externalSold, 0);
  const freeTotal = free?.reduce((n, s) => n + s.free, 0);
  const labels = showtimes.map((s) => showtimeName(s));
  const channel = {
    members: t('dashboard.channel.members'),
    partners: t('dashboard.channel.partners'),
    external: t('dashboard.channel.external'),
    free: t('dashboard.channel.free'),
  };
  return (
    <>
      <dl className="figures" aria-label={t('dashboard.totals')}>
        <Figure term={t('dashboard.ticketsSold')} value={formatNumber(data.totalTicketsSold)} />
        <Figure term={t('dashboard.remaining')} value={formatNumber(data.ticketsRemaining)} />
        <Figure term={t('dashboard.capacityPerShowtime')} value={formatNumber(data.venueCapacity)} />
        <Figure term={t('dashboard.revenue')} value={formatMoney(data.totalRevenue)} />
        <Figure term={t('dashboard.fees')} value={formatMoney(data.totalFee)} />
        <Figure term={t('dashboard.activeSellers')} value={formatNumber(data.activeSellers)} />
      </dl>
      <Exports eventId={data.eventId} />
      <SharedPoolPanel data={data} />

      <section aria-labelledby="by-showtime">
        <h2 id="by-showtime">{t('dashboard.byShowtime')}</h2>
        <Chart
          sold={data.totalTicketsSold}
          labels={labels}
          stacked
          series={[
            { label: channel.members, values: showtimes.map((s) => s.sold) },
            { label: channel.partners, values: showtimes.map((s) => s.partnerSold ?? 0) },
            { label: channel.external, values: showtimes.map((s) => s.externalSold) },
            { label: t('dashboard.remaining'), values: showtimes.map((s) => s.remaining) },
          ]}
        />
        <Table
          caption={t('dashboard.showtimeTable')}
          head={[
            t('dashboard.showtime'),
            channel.members,
            channel.partners,
            channel.external,
            t('dashboard.totalSold'),
            t('dashboard.remaining'),
            t('dashboard.revenue'),
          ]}
          rows={showtimes.map((s, i) => [
            labels[i],
            formatNumber(s.sold),
            formatNumber(s.partnerSold ?? 0),
            formatNumber(s.externalSold),
            formatNumber(s.totalSold),
            formatNumber(s.remaining),
            formatMoney(s.revenue + (s.partnerRevenue ?? 0)),
          ])}
        />
      </section>

      <DoorFiguresSection eventId={data.eventId} showtimes={showtimes} />

      <section aria-labelledby="by-channel">
        <h2 id="by-channel">{t('dashboard.byChannel')}</h2>
        <Chart
          sold={members + partners + external + (freeTotal ?? 0)}
          labels={[channel.members, channel.partners, channel.external, channel.free]}
          series={[{ label: t('dashboard.tickets'), values: [members, partners, external, freeTotal ?? 0] }]}
        />
        <Table
          caption={t('dashboard.channelTable')}
          head={[t('dashboard.channelColumn'), t('dashboard.tickets')]}
          rows={[
            [channel.members, formatNumber(members)],
            [channel.partners, formatNumber(partners)],
            [channel.external, formatNumber(external)],
            [channel.free, freeTotal === undefined ? '…' : formatNumber(freeTotal)],
          ]}
        />
        {data.salesByPartnerOrganization && data.salesByPartnerOrganization.length > 0 && (
          <Table
            caption={t('dashboard.partnerTable')}
            head={[t('dashboard.organization'), t('dashboard.tickets'), t('dashboard.revenue'), t('dashboard.fees')]}
            rows={data.salesByPartnerOrganization.map((p) => [
              p.organizationName ?? p.organizationId,
              formatNumber(p.ticketsSold),
              formatMoney(p.revenue),
              formatMoney(p.fee),
            ])}
          />
        )}
      </section>

      <section aria-labelledby="by-type">
        <h2 id="by-type">{t('dashboard.byType')}</h2>
        <Chart
          sold={data.salesByTicketType.reduce((n, type) => n + type.sold, 0)}
          labels={data.salesByTicketType.map((x) => x.name)}
          series={[{ label: t('dashboard.sold'), values: data.salesByTicketType.map((x) => x.sold) }]}
        />
        <Table
          caption={t('dashboard.typeTable')}
          head={[t('dashboard.ticketType'), t('dashboard.price'), t('dashboard.sold'), t('dashboard.revenue')]}
          rows={data.salesByTicketType.map((x) => [
            x.name,
            formatMoney(x.price),
            formatNumber(x.sold),
            formatMoney(x.revenue),
          ])}
        />
      </section>

      <section aria-labelledby="by-member">
        <h2 id="by-member">{t('dashboard.byMember')}</h2>
        {data.salesByMember.length > 0 && (
          <Chart
            sold={data.salesByMember.reduce((n, m) => n + m.ticketsSold, 0)}
            horizontal
            labels={data.salesByMember.map((m) => m.userName)}
            series={[{ label: t('dashboard.ticketsSold'), values: data.salesByMember.map((m) => m.ticketsSold) }]}
          />
        )}
        <InvoicingSection eventId={data.eventId} members={data.salesByMember} />
      </section>

      <ReceivablesSection eventId={data.eventId} />
    </>
  );
}

/**
 * A chart of ticket counts, or, while nothing is sold (`sold` 0), a line saying so instead of empty axes. The
 * table beside it still shows every row.
 */
function Chart({ sold, ...props }: ComponentProps<typeof BarChart> & { sold: number }) {
  const { t } = useTranslation();
  if (sold === 0) return <Empty>{t('chart.nothingSold')}</Empty>;
  return (
    <Suspense fallback={<Loading what={t('chart.drawing')} />}>
      <BarChart {...props} />
    </Suspense>
  );
}

const Figure = ({ term, value }: { term: string; value: string }) => (
  <div>
    <dt>{term}</dt>
    <dd>{value}</dd>
  </div>
);

function Exports({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const [error, setError] = useState<unknown>();
  const [saved, setSaved] = useState<string>();
  const params = { path: { eventId }, query: { organizationId } };
  const run = (load: () => Promise<string>) => {
    setError(undefined);
    setSaved(undefined);
    load().then(setSaved, setError);
  };
  return (
    <div className="stack">
      <div className="row">
        <button
          type="button"
          className="secondary"
          onClick={() =>
            run(() => downloadExport('/api/management/dashboard/{eventId}/export', params, `dashboard-${eventId}.csv`))
          }
        >
          {t('dashboard.downloadCsv')}
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() =>
            run(() =>
              downloadExport('/api/management/dashboard/{eventId}/export-excel', params, `dashboard-${eventId}.xlsx`),
            )
          }
        >
          {t('dashboard.downloadExcel')}
        </button>
      </div>
      {saved && <Success>{t('dashboard.downloaded', { name: saved })}</Success>}
      <ErrorNotice error={error} title={t('dashboard.exportFailed')} />
    </div>
  );
}
