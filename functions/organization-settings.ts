import { defineRoute } from '../shared/http/define-route';
import { getSettings, updateSettings } from '../shared/domain/organizations/settings';
import {
  organizationSettingsBody,
  organizationSettingsResponse,
  type OrganizationSettingsBody,
} from '../shared/domain/organization-settings/schemas';

// Currency, time zone, default language, reminders and payee of an organization (Admin+; decisions in
// docs/decisions/organization-settings.md). Members read currency, time zone and language from GET /api/auth/me.
const tags = ['organization-settings'];

defineRoute({
  name: 'organization-settings-get',
  method: 'GET',
  route: 'organization-settings',
  auth: 'admin',
  tags,
  summary: 'The organization settings with every default filled, and whether the currency can still change',
  response: organizationSettingsResponse,
  handler: ({ organizationId, grant }) => getSettings(organizationId, grant.organization),
});

defineRoute<OrganizationSettingsBody>({
  name: 'organization-settings-update',
  method: 'PUT',
  route: 'organization-settings',
  auth: 'admin',
  tags,
  summary:
    'Change settings: each field sent replaces that setting, fields not sent stay, null clears timeZone or payee; ' +
    'a currency change once the organization has sales is 409 CURRENCY_LOCKED',
  body: organizationSettingsBody,
  response: organizationSettingsResponse,
  errors: ['CURRENCY_LOCKED'],
  handler: ({ principal, organizationId, body, grant }) =>
    updateSettings(principal, organizationId, body, grant.organization),
});
