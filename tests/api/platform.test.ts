import { TestHost } from '../helpers/harness';

let api: TestHost;
beforeAll(async () => {
  api = await TestHost.start({ CORS_ORIGINS: 'http://app.example' });
});
afterAll(() => api.close());

describe('GET /api/health', () => {
  it('answers ok with the embedded store and the version', async () => {
    const res = await api.get('health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { status: 'ok', store: 'embedded', version: expect.any(String), storeLatencyMs: expect.any(Number) },
    });
    expect(res.headers.get('x-correlation-id')).toBeTruthy();
    expect(res.headers.get('x-store-ops')).toBe('1'); // the one probe read
  });
});

describe('local host', () => {
  it('answers an unknown route with a 404 envelope', async () => {
    const res = await api.get('no/such/route');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: 'NOT_FOUND' });
  });

  it('refuses a body over the size limit with 413 and writes nothing', async () => {
    const huge = JSON.stringify({ email: `${'a'.repeat(1024 * 1024 + 10)}@example.org` });
    const res = await api.post('auth/magic-link', { rawBody: huge, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, error: 'PAYLOAD_TOO_LARGE' });
    expect(api.outbox()).toHaveLength(0);
  });

  it('answers CORS preflights for configured origins only', async () => {
    const allowed = await api.request('OPTIONS', 'auth/me', { headers: { origin: 'http://app.example' } });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://app.example');
    const other = await api.request('OPTIONS', 'auth/me', { headers: { origin: 'http://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const get = await api.get('health', { headers: { origin: 'http://app.example' } });
    expect(get.headers.get('access-control-allow-origin')).toBe('http://app.example');
  });
});
