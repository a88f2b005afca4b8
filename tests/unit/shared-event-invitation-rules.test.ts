import { createHash } from 'node:crypto';
import {
  acceptDecision,
  acceptsInvitations,
  acceptUrlOf,
  hashesEqual,
  incidentKeyOf,
  INVITATION_LINK_LIFETIME_SECONDS,
  isLive,
  isWellFormedToken,
  jitterMs,
  linkExpiresAt,
  linkIdOf,
  newRawToken,
  notificationIdOf,
  notificationTtlSeconds,
  pendingRecordIdOf,
  recoveryAllowed,
  revokeAction,
  tokenHashOf,
} from '../../shared/domain/shared-events/invitations/rules';

const NOW = Date.parse('2027-01-01T00:00:00.000Z');
const DAY = 24 * 3600 * 1000;
const link = (over: Record<string, unknown> = {}) => ({
  status: 'active' as const,
  expiresAt: new Date(NOW + DAY).toISOString(),
  tokenHash: 'a'.repeat(64),
  ...over,
});

describe('tokens and ids', () => {
  it('a token is 32 random bytes in base64url; the hash is sha256 hex; the id is invite: + 16 hex', () => {
    const token = newRawToken();
    expect(isWellFormedToken(token)).toBe(true);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newRawToken()).not.toBe(token);
    const hash = tokenHashOf(token);
    expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(linkIdOf(hash)).toBe(`invite:${hash.slice(0, 16)}`);
    expect(isWellFormedToken('short')).toBe(false);
    expect(isWellFormedToken(`${token}x`)).toBe(false);
    expect(isWellFormedToken(token.replace(/.$/, '+'))).toBe(false);
  });

  it('lives 14 days plus 24 hours', () => {
    expect(INVITATION_LINK_LIFETIME_SECONDS).toBe(15 * 24 * 3600);
    expect(Date.parse(linkExpiresAt(NOW)) - NOW).toBe(15 * DAY);
  });

  it('compares hashes exactly, whatever their length', () => {
    expect(hashesEqual('ab', 'ab')).toBe(true);
    expect(hashesEqual('ab', 'ac')).toBe(false);
    expect(hashesEqual('ab', 'abc')).toBe(false);
  });

  it('builds the accept URL from the base', () => {
    expect(acceptUrlOf('https://app.example', 'a-b_c')).toBe(
      'https://app.example/shared-events/invitations/accept?token=a-b_c',
    );
  });
});

describe('acceptDecision', () => {
  it('claims a live, matching link', () => {
    expect(acceptDecision(link(), 'org-1', NOW, 'a'.repeat(64))).toBe('claim');
    expect(acceptDecision(link(), 'org-1', NOW)).toBe('claim');
  });

  it('recovers only for the organization the used link names', () => {
    const used = link({ status: 'used', usedByOrganizationId: 'org-1', expiresAt: new Date(NOW - DAY).toISOString() });
    expect(acceptDecision(used, 'org-1', NOW)).toBe('recover');
    expect(acceptDecision(used, 'org-2', NOW)).toBe('unavailable');
  });

  it('refuses missing, revoked, expired and wrong-hash links alike', () => {
    expect(acceptDecision(undefined, 'org-1', NOW)).toBe('unavailable');
    expect(acceptDecision(link({ status: 'revoked' }), 'org-1', NOW)).toBe('unavailable');
    expect(acceptDecision(link({ expiresAt: new Date(NOW).toISOString() }), 'org-1', NOW)).toBe('unavailable');
    expect(acceptDecision(link(), 'org-1', NOW, 'b'.repeat(64))).toBe('unavailable');
    const usedWrongHash = link({ status: 'used', usedByOrganizationId: 'org-1' });
    expect(acceptDecision(usedWrongHash, 'org-1', NOW, 'b'.repeat(64))).toBe('unavailable');
  });

  it('isLive needs active and unexpired', () => {
    expect(isLive(link(), NOW)).toBe(true);
    expect(isLive(link({ status: 'used' }), NOW)).toBe(false);
    expect(isLive(link({ expiresAt: new Date(NOW - 1).toISOString() }), NOW)).toBe(false);
  });
});

describe('recoveryAllowed', () => {
  const usedAt = '2027-01-01T10:00:00.000Z';
  it('admits when the roster entry is missing, live, or older than the acceptance', () => {
    expect(recoveryAllowed(undefined, usedAt)).toBe(true);
    expect(recoveryAllowed({ status: 'active', updatedAt: '2027-02-01T00:00:00.000Z' }, usedAt)).toBe(true);
    expect(recoveryAllowed({ status: 'declined', updatedAt: '2026-12-01T00:00:00.000Z' }, usedAt)).toBe(true);
    expect(recoveryAllowed({ status: 'invited' }, usedAt)).toBe(true);
  });
  it('refuses an organization that left, declined or was removed after the acceptance', () => {
    for (const status of ['left', 'removed', 'declined']) {
      expect(recoveryAllowed({ status, updatedAt: '2027-01-02T00:00:00.000Z' }, usedAt)).toBe(false);
    }
  });
});

describe('revoke and Shared Event states', () => {
  it('active → revoke, revoked → unchanged, used → conflict', () => {
    expect(revokeAction('active')).toBe('revoke');
    expect(revokeAction('revoked')).toBe('unchanged');
    expect(revokeAction('used')).toBe('conflict');
  });

  it('closed Shared Events take no new participants', () => {
    for (const s of ['draft', 'open', 'locked']) expect(acceptsInvitations(s)).toBe(true);
    for (const s of ['cancelling', 'cancelled', 'completed']) expect(acceptsInvitations(s)).toBe(false);
  });
});

describe('notification rules', () => {
  it('ttl is the remaining lifetime, at most 15 days, never negative', () => {
    expect(notificationTtlSeconds(linkExpiresAt(NOW), NOW)).toBe(15 * 24 * 3600);
    expect(notificationTtlSeconds(new Date(NOW + 20 * DAY).toISOString(), NOW)).toBe(15 * 24 * 3600);
    expect(notificationTtlSeconds(new Date(NOW + DAY).toISOString(), NOW)).toBe(24 * 3600);
    expect(notificationTtlSeconds(new Date(NOW - DAY).toISOString(), NOW)).toBe(0);
  });

  it('the incident key is per (invitation, user, organization) and does not hold the invitation id', () => {
    const key = incidentKeyOf('invite:0123456789abcdef', 'u1', 'o1');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toContain('0123456789abcdef');
    expect(incidentKeyOf('invite:0123456789abcdef', 'u1', 'o1')).toBe(key);
    expect(incidentKeyOf('invite:0123456789abcdef', 'u2', 'o1')).not.toBe(key);
    expect(incidentKeyOf('invite:0123456789abcdef', 'u1', 'o2')).not.toBe(key);
    expect(notificationIdOf(key)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('pending record ids are per invitation and user', () => {
    expect(pendingRecordIdOf('i', 'u')).toBe(pendingRecordIdOf('i', 'u'));
    expect(pendingRecordIdOf('i', 'u')).not.toBe(pendingRecordIdOf('i', 'v'));
  });

  it('jitter is 50 to 150 ms', () => {
    expect(jitterMs(0)).toBe(50);
    expect(jitterMs(0.999)).toBeLessThanOrEqual(150);
  });
});
