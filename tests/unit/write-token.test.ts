import { isConflict, isPreconditionFailed, isUnavailable } from '../../shared/store/outcomes';
import { KeyRecordExists, keyRideFor, withKeyRide, type KeyRide } from '../../shared/store/write-token';

/**
 * The slot an Idempotency-Key record waits in for the one write that opts in to carry it (shared/store/write-token.ts,
 * docs/decisions/api-contract.md "Idempotency keys").
 */
const ride = (): KeyRide => ({
  record: { id: 'idem-1', docType: 'idempotencyKey' },
  containerId: 'orgs',
  partitionKey: 'org-a',
  partitionField: 'organizationId',
});
const doc = (organizationId: string) => (field: string) => ({ organizationId })[field as 'organizationId'];

describe('the key-record slot', () => {
  it('gives the record only to a write that opts in, in its container and partition, once', async () => {
    const waiting = ride();
    await withKeyRide(waiting, async () => {
      expect(keyRideFor(undefined, 'orgs', doc('org-a'))).toBeUndefined();
      expect(keyRideFor({ carriesKey: false }, 'orgs', doc('org-a'))).toBeUndefined();
      expect(keyRideFor({ carriesKey: true }, 'orgs', doc('org-a'))).toBe(waiting);
      waiting.carried = { etag: '"1"' };
      expect(keyRideFor({ carriesKey: true }, 'orgs', doc('org-a'))).toBeUndefined();
    });
  });

  it('changes nothing outside a keyed request', () => {
    expect(keyRideFor({ carriesKey: true }, 'orgs', doc('org-a'))).toBeUndefined();
  });

  it('refuses, before any write, a write that opts in for another partition or container (a misdeclared route)', async () => {
    await withKeyRide(ride(), async () => {
      expect(() => keyRideFor({ carriesKey: true }, 'orgs', doc('org-b'))).toThrow(/cannot ride along/);
      expect(() => keyRideFor({ carriesKey: true }, 'sharedEvents', doc('org-a'))).toThrow(/cannot ride along/);
    });
  });

  it('throws KeyRecordExists, which no store-status predicate takes for a 409, 412 or 503', () => {
    const error = new KeyRecordExists('idem-1');
    expect([isConflict(error), isPreconditionFailed(error), isUnavailable(error)]).toEqual([false, false, false]);
  });
});
