import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { idString } from '../domain/vocabulary/schema-parts';
import type { Schema } from '../domain/vocabulary/validation';

/**
 * The named schemas of the OpenAPI document (`components.schemas`), found, not listed: every exported schema of a
 * domain module (`export const orderResponse: Schema = ...`) is named after its export, so a route that uses it
 * publishes a `$ref` to the very object ajv validates with. Query schemas are left out (the document spells them
 * as parameters) and so are plain strings and numbers (ids, amounts stay inline where they are used).
 */
const DOMAIN_DIRECTORY = join(__dirname, '..', 'domain');

/** Names a client developer would look for, where the export's name says less (see docs/api.md). */
const RENAMES: Record<string, string> = {
  orderResponse: 'TicketOrder',
  orderPage: 'TicketOrderPage',
  orderLineSchema: 'OrderLine',
  typeQuantity: 'TicketTypeSoldQuantity',
  deletedResponse: 'Deleted',
  meResponse: 'CurrentUser',
  loginResponse: 'LoginSession',
  dashboardResponse: 'DashboardStats',
  myStatsResponse: 'MyStats',
  memberInvoiceSummarySchema: 'DashboardMemberInvoiceSummary',
  transferHistorySchema: 'TransferHistory',
  acceptResponse: 'SharedEventInvitationAccepted',
  previewResponse: 'SharedEventInvitationPreview',
  capabilitiesResponse: 'SharedEventCapabilities',
  channelResponse: 'ExternalSalesChannel',
  channelListResponse: 'ExternalSalesChannelList',
  grantResponse: 'CapabilityGrant',
  revokeGrantResponse: 'CapabilityGrantRevoked',
  inviteResponse: 'DelegationInvited',
  respondResponse: 'DelegationAnswered',
  revokeResponse: 'DelegationRevoked',
  permissionsResponse: 'DelegationPermissions',
  reportResponse: 'SalesReport',
  overviewResponse: 'EventsOverview',
  cleanupResponse: 'CleanupResult',
  logoutResponse: 'LoggedOut',
  magicLinkResponse: 'MagicLinkSent',
};

/** Shared fragments worth a name of their own: every id a path, body or answer holds is one `Id`. */
const FRAGMENTS: [string, Schema][] = [['Id', idString]];

let named: Map<Schema, string> | undefined;

/** Schema object → component name, every domain module loaded once. */
export function componentNames(): Map<Schema, string> {
  if (named) return named;
  named = new Map(FRAGMENTS.map(([name, schema]) => [schema, name]));
  const taken = new Map<string, string>(FRAGMENTS.map(([name]) => [name, 'shared/domain/vocabulary/schema-parts.ts']));
  for (const file of moduleFiles(DOMAIN_DIRECTORY)) {
    const exports = require(file) as Record<string, unknown>; // eslint-disable-line @typescript-eslint/no-require-imports
    for (const [exportName, value] of Object.entries(exports).sort(([a], [b]) => a.localeCompare(b))) {
      if (!isNameableSchema(exportName, value) || named.has(value)) continue;
      const name = componentName(exportName);
      const holder = `${file.slice(DOMAIN_DIRECTORY.length + 1)}#${exportName}`;
      if (taken.has(name)) throw new Error(`Component name ${name} is given by ${taken.get(name)} and ${holder}`);
      taken.set(name, holder);
      named.set(value, name);
    }
  }
  return named;
}

function moduleFiles(directory: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(directory).sort()) {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) files.push(...moduleFiles(path));
    else if (/\.(js|ts)$/.test(entry) && !entry.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

function isNameableSchema(exportName: string, value: unknown): value is Schema {
  if (!value || typeof value !== 'object' || Array.isArray(value) || /Query$/.test(exportName)) return false;
  const schema = value as Schema;
  if (schema.type === 'object' && schema.properties) return true;
  if (schema.type === 'array' && schema.items) return true;
  return Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf) || Array.isArray(schema.enum);
}

/** `createOrderBody` → `CreateOrderBody`, `eventResponse` → `Event`, `memberInvoiceSummarySchema` → `…Summary`. */
function componentName(exportName: string): string {
  const renamed = RENAMES[exportName];
  if (renamed) return renamed;
  const base = exportName.replace(/(Response|Schema)$/, '') || exportName;
  return base.charAt(0).toUpperCase() + base.slice(1);
}
