import { isUnavailable } from '../../shared/store/outcomes';
import { setStoreCallDeadline, StoreDeadlineExceeded, tracked } from '../../shared/store/operations';

/**
 * The store-call deadline (Cosmos DB only; the embedded store sets none): one bound for the whole call, its
 * throttling retries and their waits included, answered as unavailable (503).
 */
const op = { kind: 'read' as const, container: 'orgs', id: 'x', partitionKey: 'p' };
const throttled = (retryAfterInMs: number) => Object.assign(new Error('429'), { code: 429, retryAfterInMs });

afterEach(() => setStoreCallDeadline(undefined));

describe('store-call deadline', () => {
  it('answers a call that never settles with a 408 the service treats as unavailable', async () => {
    setStoreCallDeadline(50);
    const started = Date.now();
    const error = await tracked(op, () => new Promise<never>(() => undefined)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreDeadlineExceeded);
    expect(isUnavailable(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('bounds the throttling retries too: no retry starts past the deadline', async () => {
    // Wide margins: a busy CI worker once took more than the 20 ms a 120 ms deadline left before the first retry.
    setStoreCallDeadline(1_000);
    let attempts = 0;
    const started = Date.now();
    const error = await tracked(op, () => {
      attempts += 1;
      return Promise.reject(throttled(600));
    }).catch((e: unknown) => e);
    // The first 429 waits 600 ms (inside the 1,000 ms), the second would end past it: it is answered at once.
    expect(attempts).toBe(2);
    expect((error as { code: number }).code).toBe(429);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('does not bound a call when no deadline is set (the embedded store)', async () => {
    const result = await tracked(
      op,
      () => new Promise<{ requestCharge: number }>((r) => setTimeout(() => r({ requestCharge: 1 }), 60)),
    );
    expect(result.requestCharge).toBe(1);
  });
});
