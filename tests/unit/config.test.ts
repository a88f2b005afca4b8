import { readConfig } from '../../shared/config';

describe('configuration', () => {
  it('refuses a real store without a JWT_SECRET of at least 32 bytes', () => {
    expect(() => readConfig({ COSMOS_ENDPOINT: 'https://x.documents.azure.com' })).toThrow(/JWT_SECRET/);
    expect(() => readConfig({ COSMOS_ENDPOINT: 'https://x', JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(readConfig({ COSMOS_ENDPOINT: 'https://x', JWT_SECRET: 's'.repeat(32) }).jwtSecret).toBe('s'.repeat(32));
  });

  it('runs locally with a random secret, the outbox and delegated ordering on', () => {
    const cfg = readConfig({});
    expect(Buffer.byteLength(cfg.jwtSecret)).toBeGreaterThanOrEqual(32);
    expect(cfg.outboxFile).toBe('.local/outbox.jsonl');
    expect(cfg.delegatedMemberOrderingEnabled).toBe(true);
    expect(
      readConfig({ COSMOS_ENDPOINT: 'https://x', JWT_SECRET: 's'.repeat(32) }).delegatedMemberOrderingEnabled,
    ).toBe(false);
  });

  it('serves Shared Events locally and keeps them off by default when deployed (03 §1)', () => {
    expect(readConfig({}).sharedEventsEnabled).toBe(true);
    expect(readConfig({ SHARED_EVENTS_ENABLED: 'false' }).sharedEventsEnabled).toBe(false);
    expect(readConfig({ COSMOS_ENDPOINT: 'https://x', JWT_SECRET: 's'.repeat(32) }).sharedEventsEnabled).toBe(false);
  });

  it('reads super admin e-mails case-insensitively and trims lists', () => {
    const cfg = readConfig({
      SUPER_ADMIN_EMAILS: ' A@Example.org, b@example.org ,',
      CORS_ORIGINS: 'http://a, http://b',
    });
    expect([...cfg.superAdminEmails]).toEqual(['a@example.org', 'b@example.org']);
    expect(cfg.corsOrigins).toEqual(['http://a', 'http://b']);
  });
});
