import type { OrganizationDoc } from '../organizations/model';
import type { ReminderSettingsInput } from './rules';

/** The defaults of the organization settings (issue 35): on, 2 days after the showtime, weekly, three times. */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettingsInput = {
  enabled: true,
  daysAfterShowtime: 2,
  repeatEveryDays: 7,
  maxReminders: 3,
};

export function reminderSettingsOf(org: OrganizationDoc): ReminderSettingsInput {
  const stored = (org as OrganizationDoc & { settings?: { reminders?: Partial<ReminderSettingsInput> } }).settings;
  return { ...DEFAULT_REMINDER_SETTINGS, ...stored?.reminders };
}
