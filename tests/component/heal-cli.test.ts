import { runHealProcess } from '../helpers/heal-process';
import { randomUUID } from 'node:crypto';
import { TestHost } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { invite, setupPartner, type PartnerFixture } from '../helpers/delegations';
import { injectStoreFault, storedDelegatedEventSales, storedDocument } from '../helpers/seed';
import { reserve } from '../../shared/domain/shared-events/capacity/engine';
import { poolCounterId } from '../../shared/domain/shared-events/capacity/model';
import { ensureCounter, readCounter, readReservation } from '../../shared/domain/shared-events/capacity/repo';

/**
 * `npm run heal` as an operator runs it: a separate process, built from the sources, pointed with COSMOS_ENDPOINT
 * at a store, here the test host's embedded server (the same Cosmos protocol and SDK as a real account). A
 * reverse-index sync that failed during an invite, and a Shared Event sale abandoned between its reserve and its
 * commit, are finished by that process, not by anything in this one.
 */
let api: TestHost;
let f: OrgFixture;
let partner: PartnerFixture;
beforeAll(async () => {
  api = await TestHost.start();
  f = await setupOrganization(api);
  partner = await setupPartner(api, f.superToken);
}, 60_000);
afterAll(() => api.close());

it('heals a failed reverse-index sync and releases an expired capacity hold from a separate process', async () => {
  const event = await createEvent(api, f);
  // A Shared Event sale that took its seats (reserve) and died before its commit: the hold has expired.
  const sharedEventId = randomUUID();
  const showtimeId = randomUUID();
  const counterId = poolCounterId(showtimeId);
  const now = new Date().toISOString();
  await ensureCounter({
    id: counterId,
    docType: 'sharedCapacityCounter',
    sharedEventId,
    showtimeId,
    capacity: 10,
    reserved: 0,
    committed: 0,
    health: 'ok',
    schemaVersion: 1,
    updatedAt: now,
  });
  const held = await reserve({
    sharedEventId,
    counterId,
    showtimeId,
    organizationId: f.orgId,
    quantity: 4,
    operationId: randomUUID(),
    holdMs: 1,
  });
  expect((await readCounter(sharedEventId, counterId))?.reserved).toBe(4);
  await new Promise((resolve) => setTimeout(resolve, 5));

  injectStoreFault((op) => op.kind === 'replace' && op.container === 'orgs' && op.id === partner.orgId);
  const invited = await invite(api, f, event.id, partner);
  injectStoreFault(undefined);
  expect(invited.status).toBe(201);
  expect(invited.body.data.reverseIndexSync.status).toBe('failed');
  expect((await storedDelegatedEventSales(partner.orgId)).find((r) => r.eventId === event.id)).toBeUndefined();

  const report = await runHealProcess();
  expect(report.reverseIndex.synced).toBeGreaterThanOrEqual(1);
  expect(report.reservations.released).toBeGreaterThanOrEqual(1);
  expect((await readReservation(sharedEventId, held.id))?.state).toBe('released');
  expect(await readCounter(sharedEventId, counterId)).toMatchObject({ reserved: 0, committed: 0 });
  expect(report.failures).toEqual([]);

  const ref = (await storedDelegatedEventSales(partner.orgId)).find((r) => r.eventId === event.id);
  expect(ref).toMatchObject({ ownerOrganizationId: f.orgId, status: 'invited', transitionVersion: 1 });
  const owner = await storedDocument<{ salesDelegations: { reverseIndexSyncStatus: string }[] }>(f.orgId, event.id);
  expect(owner?.salesDelegations[0].reverseIndexSyncStatus).toBe('synced');
}, 180_000);
