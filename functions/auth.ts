import { defineRoute } from '../shared/http/define-route';
import { emptyBody } from '../shared/domain/vocabulary/schema-parts';
import * as auth from '../shared/domain/sign-in/log-in';
import {
  loginResponse,
  magicLinkBody,
  meResponse,
  verifyBody,
  verifyCodeBody,
  type MagicLinkBody,
  type VerifyBody,
  type VerifyCodeBody,
} from '../shared/domain/sign-in/schemas';
import { logoutResponse, magicLinkResponse } from '../shared/domain/sign-in/schemas';
import { myPreferencesBody, updateMyPreferences, type MyPreferencesBody } from '../shared/domain/users/preferences';
import { userResponse } from '../shared/domain/users/responses';

const MINUTE = 60;

defineRoute<MagicLinkBody>({
  name: 'auth-magic-link',
  method: 'POST',
  route: 'auth/magic-link',
  auth: 'public',
  tags: ['auth'],
  summary: 'Request a login e-mail (link and 6-digit code); always answers { sent: true }',
  rateLimit: { bucket: 'magic-link', limit: 5, windowSeconds: MINUTE },
  body: magicLinkBody,
  response: magicLinkResponse,
  handler: ({ body }) => auth.requestMagicLink(body.email, body.locale),
});

defineRoute<VerifyBody>({
  name: 'auth-verify',
  method: 'POST',
  route: 'auth/verify',
  auth: 'public',
  tags: ['auth'],
  summary: 'Exchange a magic-link token for a session token',
  rateLimit: { bucket: 'verify', limit: 20, windowSeconds: MINUTE },
  body: verifyBody,
  response: loginResponse,
  errors: ['INVALID_LOGIN'],
  handler: ({ body }) => auth.verifyLinkToken(body.token),
});

defineRoute<VerifyCodeBody>({
  name: 'auth-verify-code',
  method: 'POST',
  route: 'auth/verify-code',
  auth: 'public',
  tags: ['auth'],
  summary: 'Exchange the e-mailed 6-digit code for a session token',
  rateLimit: { bucket: 'verify-code', limit: 20, windowSeconds: MINUTE },
  body: verifyCodeBody,
  response: loginResponse,
  errors: ['INVALID_LOGIN'],
  handler: ({ body }) => auth.verifyLoginCode(body.email, body.code),
});

defineRoute({
  name: 'auth-logout',
  method: 'POST',
  route: 'auth/logout',
  auth: 'authenticated',
  tags: ['auth'],
  summary: 'Revoke every token of the caller',
  body: emptyBody,
  response: logoutResponse,
  handler: ({ principal }) => auth.logout(principal),
});

defineRoute<unknown, { organizationId?: string }>({
  name: 'auth-me',
  method: 'GET',
  route: 'auth/me',
  auth: 'authenticated',
  tags: ['auth'],
  summary:
    'The caller and their organization memberships; with `?organizationId` (an approved membership of the caller) ' +
    'that membership also carries the unread notification count',
  response: meResponse,
  handler: ({ principal, query }) => auth.describeMe(principal, query.organizationId),
});

defineRoute<MyPreferencesBody>({
  name: 'auth-me-update',
  method: 'PATCH',
  route: 'auth/me',
  auth: 'authenticated',
  tags: ['auth'],
  summary:
    "Set the caller's own language (`locale`: en, de or fi) and whether they want e-mails about their orders " +
    '(`notificationEmails`); fields not sent stay',
  body: myPreferencesBody,
  response: userResponse,
  handler: ({ principal, body }) => updateMyPreferences(principal, body),
});
