import { email, object } from '../../http/schema-parts';

export const magicLinkBody = object({ email }, ['email']);
export const verifyBody = object({ token: { type: 'string', minLength: 1, maxLength: 512 } }, ['token']);
export const verifyCodeBody = object({ email, code: { type: 'string', pattern: '^[0-9]{6}$' } }, ['email', 'code']);

export interface MagicLinkBody {
  email: string;
}
export interface VerifyBody {
  token: string;
}
export interface VerifyCodeBody {
  email: string;
  code: string;
}

const userShape = object(
  {
    id: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    isSuperAdmin: { type: 'boolean' },
  },
  ['id', 'email', 'name', 'isSuperAdmin'],
  { additionalProperties: true },
);

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
          role: { type: 'string' },
          approved: { type: 'boolean' },
        },
        ['organizationId', 'organizationName', 'role', 'approved'],
      ),
    },
  },
  ['user', 'memberships'],
);
