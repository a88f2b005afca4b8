import type { Locale } from '../organization-settings/model';
import type { OrganizationRoleEntry } from '../memberships/model';

export interface UserDoc {
  id: string;
  docType: 'user';
  email: string;
  name: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  isSuperAdmin?: boolean;
  /** The language the person chose (absent until they do: then the organization's, then English). */
  locale?: Locale;
  /** E-mails about their own orders besides the in-app notifications; absent = no (they opt in). */
  notificationEmails?: boolean;
  tokenVersion: number;
  /**
   * The user's authority in each organization, kept in step with the membership documents (never granting
   * more than they do): the organization scope reads it with the user, one point read (users/role-map.ts).
   */
  organizationRoles?: Record<string, OrganizationRoleEntry>;
  /** `false`: the person turned reminder e-mails off (profile or the one-click link); absent means on. */
  reminderEmails?: false;
  createdAt: string;
  updatedAt: string;
  deletedAt?: string;
}

/** Unique e-mail index: one document per normalized address, created before the user it points to. */
export interface EmailLookupDoc {
  id: string;
  docType: 'emailLookup';
  userId: string;
}

export interface NewUser {
  email: string;
  name?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  isSuperAdmin?: boolean;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Public shape of a user: listed fields only, never the token version or store fields. */
export function toUserResponse(user: UserDoc) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    isSuperAdmin: user.isSuperAdmin === true,
    ...(user.locale ? { locale: user.locale } : {}),
    notificationEmails: user.notificationEmails === true,
    // Reminder e-mails are on until the person turns them off (docs/decisions/invoices-and-reminders.md).
    reminderEmails: user.reminderEmails !== false,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    ...(user.deletedAt ? { deletedAt: user.deletedAt } : {}),
  };
}
