import type { OrganizationDoc } from '../organizations/model';
import { settingsOf } from '../organization-settings/model';
import type { ReminderSettingsInput } from './rules';

/** The organization's reminder settings with their defaults (organization-settings/model.ts). */
export const reminderSettingsOf = (org: OrganizationDoc): ReminderSettingsInput => settingsOf(org).reminders;
