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
import { EventsAtAGlance, useEventsOverview } from './EventsAtAGlance';
import { InvoicingSection } from './InvoicingSection';
import { SharedPoolPanel } from './SharedPoolPanel';
import { useDashboard, type Dashboard } from './useDashboard';

// Chart.js is its own chunk, fetched only when a dashboard is on screen.
const BarChart = lazy(() => import('../../ui/BarChart'));

/**
 * The treasurer's event dashboard: totals, sales per showtime against capacity, per ticket type, per member and per
 * channel, each chart with its table; the exports; member invoicing.
 * Calls: the events overview (the event list with every event's figures), dashboard, capacity summary (for free
 * tickets); writes on demand.
 */
export default function DashboardPage() {
  const events = useEventsOverview();
  const { chosen, live, choose } = useChosenEvent(events.data?.items);
  const dashboard = useDashboard(chosen?.id);
  const capacity = useCapacity(chosen?.id);
  return (
    <>
      <h1>Event dashboard</h1>
      <Guarded query={events} what="Loading events">
        {() =>
          !chosen ? (
            <Empty>There are no events yet.</Empty>
          ) : (
            <>
              <EventSelect events={live} value={chosen.id} onChange={choose} />
              <Guarded query={dashboard} what="Loading the dashboard">
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
  const showtimes = data.salesByShowtime;
  const members = showtimes.reduce((n, s) => n + s.sold, 0);
  const partners = showtimes.reduce((n, s) => n + (s.partnerSold ?? 0), 0);
  const external = showtimes.reduce((n, s) => n + s.externalSold, 0);
  const freeTotal = free?.reduce((n, s) => n + s.free, 0);
  const labels = showtimes.map((s) => showtimeName(s));
  return (
    <>
      <dl className="figures" aria-label="Totals">
        <Figure term="Tickets sold" value={formatNumber(data.totalTicketsSold)} />
        <Figure term="Remaining" value={formatNumber(data.ticketsRemaining)} />
        <Figure term="Capacity per showtime" value={formatNumber(data.venueCapacity)} />
        <Figure term="Revenue" value={formatMoney(data.totalRevenue)} />
        <Figure term="Fees" value={formatMoney(data.totalFee)} />
        <Figure term="Active sellers" value={formatNumber(data.activeSellers)} />
      </dl>
      <Exports eventId={data.eventId} />
      <SharedPoolPanel data={data} />

      <section aria-labelledby="by-showtime">
        <h2 id="by-showtime">Per showtime, against capacity</h2>
        <Chart
          sold={data.totalTicketsSold}
          labels={labels}
          stacked
          series={[
            { label: 'Members', values: showtimes.map((s) => s.sold) },
            { label: 'Partners', values: showtimes.map((s) => s.partnerSold ?? 0) },
            { label: 'External', values: showtimes.map((s) => s.externalSold) },
            { label: 'Remaining', values: showtimes.map((s) => s.remaining) },
          ]}
        />
        <Table
          caption="Sales per showtime"
          head={['Showtime', 'Members', 'Partners', 'External', 'Total sold', 'Remaining', 'Revenue']}
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

      <section aria-labelledby="by-channel">
        <h2 id="by-channel">Per channel</h2>
        <Chart
          sold={members + partners + external + (freeTotal ?? 0)}
          labels={['Members', 'Partners', 'External', 'Free']}
          series={[{ label: 'Tickets', values: [members, partners, external, freeTotal ?? 0] }]}
        />
        <Table
          caption="Tickets per channel"
          head={['Channel', 'Tickets']}
          rows={[
            ['Members', formatNumber(members)],
            ['Partners', formatNumber(partners)],
            ['External', formatNumber(external)],
            ['Free', freeTotal === undefined ? '…' : formatNumber(freeTotal)],
          ]}
        />
        {data.salesByPartnerOrganization && data.salesByPartnerOrganization.length > 0 && (
          <Table
            caption="Partner organizations"
            head={['Organization', 'Tickets', 'Revenue', 'Fees']}
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
        <h2 id="by-type">Per ticket type</h2>
        <Chart
          sold={data.salesByTicketType.reduce((n, type) => n + type.sold, 0)}
          labels={data.salesByTicketType.map((t) => t.name)}
          series={[{ label: 'Sold', values: data.salesByTicketType.map((t) => t.sold) }]}
        />
        <Table
          caption="Sales per ticket type"
          head={['Ticket type', 'Price', 'Sold', 'Revenue']}
          rows={data.salesByTicketType.map((t) => [
            t.name,
            formatMoney(t.price),
            formatNumber(t.sold),
            formatMoney(t.revenue),
          ])}
        />
      </section>

      <section aria-labelledby="by-member">
        <h2 id="by-member">Per member</h2>
        {data.salesByMember.length > 0 && (
          <Chart
            sold={data.salesByMember.reduce((n, m) => n + m.ticketsSold, 0)}
            horizontal
            labels={data.salesByMember.map((m) => m.userName)}
            series={[{ label: 'Tickets sold', values: data.salesByMember.map((m) => m.ticketsSold) }]}
          />
        )}
        <InvoicingSection eventId={data.eventId} members={data.salesByMember} />
      </section>
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
            run(() => downloadExport('/api/management/dashboard/{eventId}/export', params, 'dashboard.csv'))
          }
        >
          Download CSV
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() =>
            run(() => downloadExport('/api/management/dashboard/{eventId}/export-excel', params, 'dashboard.xlsx'))
          }
        >
          Download Excel
        </button>
      </div>
      {saved && <Success>Downloaded {saved}.</Success>}
      <ErrorNotice error={error} title="The export failed" />
    </div>
  );
}
