import { config } from '../../config';
import { requireLiveEvent } from '../events/live-event';
import type { EventDoc } from '../events/model';
import { projectionAvailability } from '../events/capacity/availability';
import { salesDocPages } from '../sales/repo';
import type { DashboardExport, DashboardStats } from './model';
import { addBooksOfEvent, DoorFold, type SaleRow } from '../ticket-views/figures';
import { receivablesOfReadEvent } from '../invoicing/receivables';
import { DashboardFold } from './stats';
import { getOrganization } from '../organizations/repo';
import { settingsOf } from '../organization-settings/model';

/**
 * Pages of up to 10,000 documents (`DASHBOARD_PAGE_SIZE` sets it): the fold keeps only running sums, so a page is
 * the most it ever holds. On Cosmos DB a page is also capped at 4 MB; the embedded store re-runs the whole query for
 * every page, so on the local host the number of pages is what the time depends on (docs/decisions/sales.md,
 * "Dashboard").
 */
export const dashboardPageSize = () => config().dashboardPageSize;

/**
 * GET management/dashboard/{eventId}: one point read of the event (404 when unknown, deleted or another
 * organization's), then one streamed query of the event's sales documents in the organization partition, folded
 * page by page. Store calls: the event and organization reads (in parallel) plus one per page, whatever the number of members or orders.
 */
export async function dashboardStats(organizationId: string, eventId: string): Promise<DashboardStats> {
  const [event, currency] = await Promise.all([requireLiveEvent(organizationId, eventId), currencyOf(organizationId)]);
  return foldEvent(event, currency);
}

/** The organization's currency (its settings on the organization document): one point read, beside the event. */
async function currencyOf(organizationId: string): Promise<string> {
  return settingsOf((await getOrganization(organizationId)) ?? {}).currency;
}

/**
 * An export of the dashboard (export-csv.ts, export-excel.ts): the event is read first (with the organization, for
 * its currency), so an unknown event is a clean 404 before any byte; the sales pages are read only when the file's
 * stream asks for its rows, after its first bytes (the CSV header, the workbook's opening entries) have left. The
 * pages are folded one at a time.
 *
 * `withMoneyOwed` (the caller is Treasurer+, who may read the door figures and the receivables): the file also
 * carries what the door saw and what each member owes (docs/decisions/invoices-and-reminders.md, "Exports"). The
 * door's reported-sold counts are folded from the same sales pages; the door adds one paged query (the ticket
 * books) and the receivables one query (orders, direct sales and payments), both read beside the sales pages, and
 * no read of the event or organization again.
 */
export async function dashboardExportSource(
  organizationId: string,
  eventId: string,
  options: { withMoneyOwed?: boolean } = {},
) {
  const [event, organization] = await Promise.all([
    requireLiveEvent(organizationId, eventId),
    getOrganization(organizationId),
  ]);
  const currency = settingsOf(organization ?? {}).currency;
  const withMoneyOwed = Boolean(options.withMoneyOwed && organization);
  return {
    fileName: (extension: 'csv' | 'xlsx') => dashboardFileName({ eventId: event.id, eventName: event.name }, extension),
    currency,
    withMoneyOwed,
    stats: () => foldEvent(event, currency),
    content: async (): Promise<DashboardExport> => {
      if (!withMoneyOwed || !organization) return { stats: await foldEvent(event, currency) };
      const door = new DoorFold(event.showtimes.map((s) => s.showtimeId));
      const [stats, , receivables] = await Promise.all([
        foldEvent(event, currency, door),
        addBooksOfEvent(door, organizationId, eventId),
        receivablesOfReadEvent(organization, eventId),
      ]);
      return { stats, owed: { door: door.result(), receivables } };
    },
  };
}

/** The event's sales documents folded page by page: one page is the most held at once. */
async function foldEvent(event: EventDoc, currency: string, door?: DoorFold): Promise<DashboardStats> {
  const organizationId = event.organizationId;
  const eventId = event.id;
  const fold = new DashboardFold(event);
  // A Shared Event projection's `remaining` is the pool's or quota's availability (one query, beside the sales).
  const [shared] = await Promise.all([
    projectionAvailability(event),
    (async () => {
      for await (const page of salesDocPages(organizationId, { eventId }, dashboardPageSize(), {
        descriptive: false,
      })) {
        for (const doc of page) {
          fold.addDoc(doc);
          door?.addSale(doc as SaleRow);
        }
      }
    })(),
  ]);
  return { ...fold.result(shared), currency };
}

/**
 * A safe attachment name: `dashboard-<event name as a slug>-<event id>.<ext>`, ASCII letters, digits and dashes
 * only, so no header injection and no path, whatever the event is called.
 */
export function dashboardFileName(stats: Pick<DashboardStats, 'eventId' | 'eventName'>, extension: 'csv' | 'xlsx') {
  const slug = stats.eventName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '')
    .toLowerCase();
  const id = stats.eventId.replace(/[^A-Za-z0-9-]+/g, '-');
  return `dashboard-${slug ? `${slug}-` : ''}${id}.${extension}`;
}
