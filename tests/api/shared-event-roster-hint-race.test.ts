import type { TestHost } from '../helpers/harness';
import type { OrgFixture } from '../helpers/fixtures';
import type { StoreOperation } from '../helpers/seed';
import {
  jointSharedEvent,
  sellOnProjection,
  threeOrganizations,
  type Participant,
} from '../helpers/shared-events/capacity';
import { injectStoreFault, storedSharedEventDocuments } from '../helpers/seed';

/**
 * The fence's closed-organization hint against a removal racing a re-admission (docs/decisions/shared-event-roster.md):
 * B left (the hint holds B); the super admin adds B back; while the admission's hint removal is between its fence
 * read and its next call, the organizer removes B. Whatever the order, B ends removed AND still on the hint, so it
 * sells nothing. The interleaving is forced by holding the admission's call (a test fault rule).
 */
let api: TestHost;
let f: OrgFixture;
let others: Participant[];
beforeAll(async () => ({ api, f, others } = await threeOrganizations()), 60_000);
afterAll(() => {
  injectStoreFault(undefined);
  return api.close();
});

const isWrite = (op: StoreOperation) => ['create', 'replace', 'upsert', 'patch'].includes(op.kind);

/** Holds the first call `hold` picks once `armed` saw its cue; `reached` resolves when it is held. */
function holdAfter(cues: ((op: StoreOperation) => boolean)[], hold: (op: StoreOperation) => boolean) {
  let step = 0;
  let release!: () => void;
  let reached!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const reachedHold = new Promise<void>((resolve) => (reached = resolve));
  injectStoreFault(async (op) => {
    if (step < cues.length) {
      if (cues[step](op)) step += 1;
      return false;
    }
    if (step === cues.length && hold(op)) {
      step += 1;
      reached();
      await held;
    }
    return false;
  });
  return { reached: reachedHold, release: () => release() };
}

describe('a removal racing a re-admission', () => {
  it('the admission read the fence before the removal: B ends removed, on the hint, and sells nothing', async () => {
    const [b] = others;
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 5 } });
    const [fence, entry] = [`fence:${se.id}`, `participant-${b.orgId}`];
    const left = await api.post(`shared-events/${se.id}/participants/${b.orgId}/leave`, { token: b.admin.token });
    expect(left.body.data?.status).toBe('left');

    // The admission: entry written active, then its hint removal reads the fence, and its next call waits.
    const gate = holdAfter(
      [(op) => isWrite(op) && op.id === entry, (op) => op.kind === 'read' && op.id === fence],
      (op) => op.container === 'sharedEvents' || op.partitionKey === se.id,
    );
    const added = api.post(`shared-events/${se.id}/participants`, {
      token: f.superToken,
      body: { organizationId: b.orgId },
    });
    await gate.reached;
    const removed = await api.del(`shared-events/${se.id}/participants/${b.orgId}`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
    });
    gate.release();
    expect((await added).status).toBeLessThan(300);
    injectStoreFault(undefined);
    expect([removed.status, removed.body.data?.status]).toEqual([200, 'removed']);

    const [stored] = await storedSharedEventDocuments<{ closedOrganizationIds?: string[] }>(se.id, 'capacityFence');
    expect(stored?.closedOrganizationIds).toContain(b.orgId);
    const refused = await sellOnProjection(api, { orgId: b.orgId, token: b.admin.token }, se, 1);
    expect([refused.status, refused.body.error, refused.body.data?.participantStatus]).toEqual([
      409,
      'PARTICIPANT_NOT_ACTIVE',
      'removed',
    ]);
  });

  it('the admission read the fence after the removal marked it, the entry before it changed: B ends removed, on the hint', async () => {
    const [, c] = others;
    const se = await jointSharedEvent(api, f, others, { sharedCapacity: { perShowtime: 5 } });
    const [fence, entry] = [`fence:${se.id}`, `participant-${c.orgId}`];
    const left = await api.post(`shared-events/${se.id}/participants/${c.orgId}/leave`, { token: c.admin.token });
    expect(left.body.data?.status).toBe('left');

    // Two holds: the admission's fence read (after its entry write), then the removal's entry write.
    let admitted = false;
    let removing = false;
    let removalStopped = false;
    let releaseAdmission!: () => void;
    let releaseRemoval!: () => void;
    const admissionHeld = new Promise<void>((resolve) => (releaseAdmission = resolve));
    const removalHeld = new Promise<void>((resolve) => (releaseRemoval = resolve));
    let signalAdmission!: () => void;
    let signalRemoval!: () => void;
    const admissionWaits = new Promise<void>((resolve) => (signalAdmission = resolve));
    const removalWaits = new Promise<void>((resolve) => (signalRemoval = resolve));
    injectStoreFault(async (op) => {
      // The admission writes the entry it read (a replace under its ETag; an upsert when there was none).
      if (!admitted && ['upsert', 'replace'].includes(op.kind) && op.id === entry) admitted = true;
      else if (admitted && !removing && op.kind === 'read' && op.id === fence) {
        removing = true;
        signalAdmission();
        await admissionHeld;
      } else if (removing && !removalStopped && op.kind === 'replace' && op.id === entry) {
        removalStopped = true;
        signalRemoval();
        await removalHeld;
      }
      return false;
    });
    const added = api.post(`shared-events/${se.id}/participants`, {
      token: f.superToken,
      body: { organizationId: c.orgId },
    });
    await admissionWaits;
    const removed = api.del(`shared-events/${se.id}/participants/${c.orgId}`, {
      token: f.admin.token,
      query: { organizationId: f.orgId },
    });
    await removalWaits; // the removal marked the fence and waits to write the entry
    releaseAdmission(); // the admission reads the marked fence and the still-active entry: it drops the hint
    expect((await added).status).toBeLessThan(300);
    releaseRemoval();
    const done = await removed;
    injectStoreFault(undefined);
    expect([done.status, done.body.data?.status]).toEqual([200, 'removed']);

    const [stored] = await storedSharedEventDocuments<{ closedOrganizationIds?: string[] }>(se.id, 'capacityFence');
    expect(stored?.closedOrganizationIds).toContain(c.orgId);
    const refused = await sellOnProjection(api, { orgId: c.orgId, token: c.admin.token }, se, 1);
    expect([refused.status, refused.body.error, refused.body.data?.participantStatus]).toEqual([
      409,
      'PARTICIPANT_NOT_ACTIVE',
      'removed',
    ]);
  });
});
