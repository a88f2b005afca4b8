import { email, object } from '../vocabulary/schema-parts';
import { ROLES } from '../memberships/model';
import { LOCALES, type Locale } from '../organization-settings/model';
import { locale } from '../organization-settings/schemas';
import { userResponse } from '../users/responses';
import { capabilitiesResponse } from '../organizations/shared-event-creation';

// `locale`: the browser's language, for the e-mail of someone who has not chosen one yet (the user's own wins).
export const magicLinkBody = object({ email, locale }, ['email']);
export const verifyBody = object({ token: { type: 'string', minLength: 1, maxLength: 512 } }, ['token']);
export const verifyCodeBody = object({ email, code: { type: 'string', pattern: '^[0-9]{6}$' } }, ['email', 'code']);

export interface MagicLinkBody {
  email: string;
  locale?: Locale;
}
export interface VerifyBody {
  token: string;
}
export interface VerifyCodeBody {
  email: string;
  code: string;
}

const userShape = userResponse;

export const loginResponse = object(
  { token: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' }, user: userShape },
  ['token', 'expiresAt', 'user'],
);

export const meResponse = object(
  {
    user: userShape,
    memberships: {
      type: 'array',
      items: object(
        {
          organizationId: { type: 'string' },
          organizationName: { type: 'string' },
          role: { enum: ROLES },
          approved: { type: 'boolean' },
          currency: { type: 'string', description: "ISO 4217: every money amount of this organization's answers" },
          timeZone: { type: 'string', description: 'IANA; absent until an admin sets it (offer the browser’s)' },
          defaultLocale: { enum: [...LOCALES] },
          sellsForOthers: {
            type: 'boolean',
            description:
              'Approved memberships only: the organization sells events of another organization (an active sales ' +
              'delegation; GET /api/organizations/{id}/delegated-events lists them)',
          },
          unreadNotifications: {
            type: 'integer',
            minimum: 0,
            description:
              "Only on the membership `?organizationId` names (approved): the caller's unread notifications there, " +
              'as GET /api/notifications counts them',
          },
          sharedEventCreation: {
            ...capabilitiesResponse,
            description:
              'Only on the membership `?organizationId` names, when the caller is its approved admin: what ' +
              'GET /api/shared-event-capabilities/create answers there (a client needs no call of its own)',
          },
        },
        ['organizationId', 'organizationName', 'role', 'approved', 'currency', 'defaultLocale'],
      ),
    },
  },
  ['user', 'memberships'],
);

/** Always the same answer, whether or not the address has an account (no enumeration). */
export const magicLinkResponse = object({ sent: { const: true } }, ['sent']);
export const logoutResponse = object({ loggedOut: { const: true } }, ['loggedOut']);
