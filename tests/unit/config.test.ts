import { hostSettingProblems, readConfig } from '../../shared/config';

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

  it('serves the delegated member catalog locally and keeps it off by default when deployed', () => {
    expect(readConfig({}).delegatedMemberCatalogEnabled).toBe(true);
    expect(readConfig({ DELEGATED_MEMBER_CATALOG_ENABLED: 'false' }).delegatedMemberCatalogEnabled).toBe(false);
    const deployed = { COSMOS_ENDPOINT: 'https://x', JWT_SECRET: 's'.repeat(32) };
    expect(readConfig(deployed).delegatedMemberCatalogEnabled).toBe(false);
    expect(readConfig({ ...deployed, DELEGATED_MEMBER_CATALOG_ENABLED: 'true' }).delegatedMemberCatalogEnabled).toBe(
      true,
    );
  });

  it('serves Shared Events locally and keeps them off by default when deployed (docs/decisions/runtime.md)', () => {
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

  it('names every setting that keeps the service from serving under the Functions host, never a value', () => {
    const configured = {
      COSMOS_ENDPOINT: 'https://x.documents.azure.com',
      JWT_SECRET: 'j'.repeat(32),
      ACS_CONNECTION_STRING: 'endpoint=https://acs/;accesskey=c2VjcmV0',
      EMAIL_SENDER: 'DoNotReply@example.org',
      TICKET_SIGNING_KEY: 'MC4CAQAwBQYDK2VwBCIEIA==',
    };
    expect(hostSettingProblems(configured)).toEqual([]);
    expect(hostSettingProblems({})).toEqual([
      'COSMOS_ENDPOINT is not set',
      'JWT_SECRET is not set',
      'TICKET_SIGNING_KEY is not set (ticket codes cannot be signed)',
      'ACS_CONNECTION_STRING is not set (e-mail is not configured)',
      'EMAIL_SENDER is not set (e-mail is not configured)',
    ]);
    const short = hostSettingProblems({ ...configured, JWT_SECRET: 'a-short-secret' });
    expect(short).toEqual(['JWT_SECRET is shorter than 32 bytes']);
    expect(short.join()).not.toContain('a-short-secret');
    const reference = '@Microsoft.KeyVault(SecretUri=https://kv.vault.azure.net/secrets/jwt-secret/)';
    expect(hostSettingProblems({ ...configured, JWT_SECRET: reference, ACS_CONNECTION_STRING: reference })).toEqual([
      'JWT_SECRET is an unresolved Key Vault reference (check the identity and the secret)',
      'ACS_CONNECTION_STRING is an unresolved Key Vault reference (check the identity and the secret)',
    ]);
  });

  it('bounds store calls by default and keeps the local data file optional', () => {
    const cfg = readConfig({});
    expect(cfg.storeRequestTimeoutMs).toBe(3000);
    expect(cfg.storeCallDeadlineMs).toBe(8000);
    expect(cfg.cosmosEndpointDiscovery).toBe(false);
    expect(cfg.localDataFile).toBeUndefined();
    expect(readConfig({ STORE_CALL_DEADLINE_MS: '2500', LOCAL_DATA_FILE: '.local/data.json' })).toMatchObject({
      storeCallDeadlineMs: 2500,
      localDataFile: '.local/data.json',
    });
  });
});
