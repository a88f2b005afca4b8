import { conflict } from '../../errors';
import { withEtagRetry, type Stored } from '../../store/outcomes';
import type { OrganizationDoc } from './model';
import { requireLiveOrganization } from './manage-organizations';
import { saveOrganization } from './repo';
import type { Principal } from '../users/principal';
import { settingsOf, toSettingsResponse, type OrganizationSettings } from '../organization-settings/model';
import { moneyRecordExists } from '../organization-settings/repo';
import { applySettingsChange, changesCurrency } from '../organization-settings/rules';
import type { OrganizationSettingsBody } from '../organization-settings/schemas';

/**
 * The typed reader other areas call: the organization's settings with every default filled (one point read of the
 * organization document; pass the document instead with `settingsOf` when you already hold it).
 */
export async function readOrganizationSettings(organizationId: string): Promise<OrganizationSettings> {
  return settingsOf(await requireLiveOrganization(organizationId));
}

/** The document the scope already read (a super admin's), else one point read. */
const organizationOf = async (organizationId: string, held?: Stored<OrganizationDoc>) =>
  held && !held.deletedAt ? held : requireLiveOrganization(organizationId);

/** GET /api/organization-settings: the organization read and one `TOP 1` query for `currencyLocked`. */
export async function getSettings(organizationId: string, held?: Stored<OrganizationDoc>) {
  const [org, locked] = await Promise.all([organizationOf(organizationId, held), moneyRecordExists(organizationId)]);
  return toSettingsResponse(organizationId, org.settings, locked);
}

const currencyLocked = (currency: string) =>
  conflict(
    `The currency stays ${currency}: the organization already has sales in it (docs/decisions/organization-settings.md)`,
    'CURRENCY_LOCKED',
    { currency },
  );

/**
 * PUT /api/organization-settings: a merge by field (rules.ts), saved under the organization's ETag. A currency change
 * is refused with 409 CURRENCY_LOCKED once money exists in the organization (the check is a query before the write:
 * see the decisions file for the window this leaves).
 */
export async function updateSettings(
  principal: Principal,
  organizationId: string,
  body: OrganizationSettingsBody,
  held?: Stored<OrganizationDoc>,
) {
  let first = true;
  let locked: boolean | undefined;
  const saved = await withEtagRetry(async () => {
    const org = first ? await organizationOf(organizationId, held) : await requireLiveOrganization(organizationId);
    first = false;
    const settings = applySettingsChange(org.settings, body, {
      userId: principal.userId,
      at: new Date().toISOString(),
    });
    if (changesCurrency(org.settings, body)) {
      locked ??= await moneyRecordExists(organizationId);
      if (locked) throw currencyLocked(settingsOf(org).currency);
    }
    return saveOrganization({ ...org, settings });
  });
  // An unchanged currency needs no lock check; the answer still says whether it could change.
  locked ??= await moneyRecordExists(organizationId);
  return toSettingsResponse(organizationId, saved.settings, locked);
}
