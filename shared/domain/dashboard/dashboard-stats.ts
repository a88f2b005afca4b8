import { requireLiveEvent } from '../events/live-event';
import { projectionAvailability } from '../events/capacity/availability';
import { salesDocPages } from '../sales/repo';
import type { DashboardStats } from './model';
import { DashboardFold } from './stats';
import { getOrganization } from '../organizations/repo';
import { settingsOf } from '../organization-settings/model';

/**
 * Pages of up to 10,000 documents: the fold keeps only running sums, so a page is the most it ever holds. On
 * Cosmos DB a page is also capped at 4 MB; the embedded store re-runs the whole query for every page, so on the
 * local host the number of pages is what the time depends on (docs/decisions/sales.md, "Dashboard").
 */
export const DASHBOARD_PAGE_SIZE = 10_000;

/**
 * GET management/dashboard/{eventId}: one point read of the event (404 when unknown, deleted or another
 * organization's), then one streamed query of the event's sales documents in the organization partition, folded
 * page by page. Store calls: the event and organization reads (in parallel) plus one per page, whatever the number of members or orders.
 */
export async function dashboardStats(organizationId: string, eventId: string): Promise<DashboardStats> {
  // The organization is read beside the event (its currency): one more point read, no more wait.
  const [event, organization] = await Promise.all([
    requireLiveEvent(organizationId, eventId),
    getOrganization(organizationId),
  ]);
  const fold = new DashboardFold(event);
  // A Shared Event projection's `remaining` is the pool's or quota's availability (one query, beside the sales).
  const [shared] = await Promise.all([
    projectionAvailability(event),
    (async () => {
      for await (const page of salesDocPages(organizationId, { eventId }, DASHBOARD_PAGE_SIZE, {
        descriptive: false,
      })) {
        for (const doc of page) fold.addDoc(doc);
      }
    })(),
  ]);
  return { ...fold.result(shared), currency: settingsOf(organization ?? {}).currency };
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
