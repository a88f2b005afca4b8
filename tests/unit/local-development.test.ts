import { hostSettingProblems } from '../../shared/config';
import { traceIdOf } from '../../shared/http/request-log';
import { EXAMPLE_JWT_SECRET, coreToolsDevelopment, localStoreEndpoint, onAzure } from '../../shared/local-development';
import { entraCredential } from '../../shared/telemetry/telemetry';

const DEV = { AZURE_FUNCTIONS_ENVIRONMENT: 'Development' };
const ON_AZURE = { WEBSITE_INSTANCE_ID: 'a1b2c3' };
const configured = { COSMOS_ENDPOINT: 'https://localhost:8081/', JWT_SECRET: EXAMPLE_JWT_SECRET };

describe('where the process runs', () => {
  it('is on Azure when the platform set WEBSITE_INSTANCE_ID, whatever else says', () => {
    expect(onAzure({})).toBe(false);
    expect(onAzure(ON_AZURE)).toBe(true);
    expect(coreToolsDevelopment(DEV)).toBe(true);
    expect(coreToolsDevelopment({ ...DEV, ...ON_AZURE })).toBe(false);
    expect(coreToolsDevelopment({ AZURE_FUNCTIONS_ENVIRONMENT: 'Production' })).toBe(false);
  });

  it.each([
    ['https://localhost:8081/', {}, true],
    ['https://127.0.0.1:8081', {}, true],
    ['https://[::1]:8081/', {}, true],
    ['https://LOCALHOST:8081/', {}, true],
    ['https://localhost:8081/', ON_AZURE, false],
    ['https://tickets.documents.azure.com:443/', {}, false],
    ['https://localhost.evil.example:8081/', {}, false],
    ['not a url', {}, false],
  ])('trusts the self-signed certificate of %s (%j): %s', (endpoint, env, trusted) => {
    expect(localStoreEndpoint(endpoint, env)).toBe(trusted);
  });
});

describe('host settings in a Core Tools development run', () => {
  it('accepts the example as copied: no ACS, the example secret', () => {
    expect(hostSettingProblems({ ...configured, ...DEV })).toEqual([]);
  });

  it('refuses the same settings on Azure, and the example secret anywhere but Development', () => {
    expect(hostSettingProblems({ ...configured, ...DEV, ...ON_AZURE })).toEqual([
      expect.stringMatching(/published example/),
      expect.stringMatching(/TICKET_SIGNING_KEY is not set/),
      expect.stringMatching(/ACS_CONNECTION_STRING is not set/),
      expect.stringMatching(/EMAIL_SENDER is not set/),
    ]);
    expect(hostSettingProblems({ ...configured })).toContainEqual(expect.stringMatching(/published example/));
  });
});

describe('Application Insights with Entra ID', () => {
  it('uses the managed identity for Authorization=AAD, with the client id of a user-assigned one', () => {
    expect(entraCredential('Authorization=AAD')?.constructor.name).toBe('ManagedIdentityCredential');
    expect(entraCredential('Authorization=AAD;ClientId=00000000-0000-0000-0000-000000000001')).toBeDefined();
    expect(entraCredential(undefined)).toBeUndefined();
    expect(entraCredential('')).toBeUndefined();
    expect(entraCredential('Authorization=Key')).toBeUndefined();
  });
});

describe('the operation id of a traceparent', () => {
  it('is the trace id of a well-formed W3C traceparent, lower-cased', () => {
    expect(traceIdOf('00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01')).toBe(
      '4bf92f3577b34da6a3ce929d0e0e4736',
    );
    expect(traceIdOf('00-00000000000000000000000000000000-00f067aa0ba902b7-01')).toBeUndefined();
    expect(traceIdOf('00-abc-def-01')).toBeUndefined();
    expect(traceIdOf(undefined)).toBeUndefined();
  });
});
