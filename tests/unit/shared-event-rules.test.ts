import type { SharedEventDoc, SharedEventParticipantDoc } from '../../shared/domain/shared-events/model';
import {
  capabilitiesForPatch,
  lifecycleVerdict,
  mergeShowtimes,
  mergeTemplates,
  rosterVerdict,
} from '../../shared/domain/shared-events/rules';
import {
  needsProjectionWork,
  projectionNeedsWrite,
  projectionOf,
  reportedSyncStatus,
} from '../../shared/domain/shared-events/projections/rules';
import { idOfRequest } from '../../shared/domain/shared-events/create';

const head = (over: Partial<SharedEventDoc> = {}): SharedEventDoc => ({
  id: 's1',
  docType: 'sharedEvent',
  sharedEventId: 's1',
  name: 'Fest',
  date: '2027-01-01',
  showtimes: [{ showtimeId: 'st1', dateTime: '2027-01-01T18:00:00.000Z', label: 'Evening' }],
  ticketTypeTemplates: [{ id: 't1', name: 'Adult', price: 10, fee: 1, sortOrder: 1 }],
  capacityPolicy: 'pool',
  sharedCapacity: { perShowtime: 50 },
  status: 'open',
  owners: [],
  grants: [],
  detailsVersion: 3,
  schemaVersion: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const entry = (over: Partial<SharedEventParticipantDoc> = {}): SharedEventParticipantDoc => ({
  id: 'participant-o1',
  docType: 'sharedEventParticipant',
  sharedEventId: 's1',
  organizationId: 'o1',
  status: 'active',
  role: 'participant',
  schemaVersion: 1,
  ...over,
});

describe('Shared Event lifecycle', () => {
  it.each([
    ['draft', 'open', 'move'],
    ['open', 'locked', 'move'],
    ['locked', 'open', 'move'],
    ['open', 'completed', 'move'],
    ['locked', 'completed', 'move'],
    ['open', 'open', 'unchanged'],
    ['draft', 'locked', 'refused'],
    ['draft', 'completed', 'refused'],
    ['open', 'draft', 'refused'],
    ['open', 'cancelling', 'refused'],
    ['open', 'cancelled', 'move'],
    ['locked', 'cancelled', 'move'],
    ['draft', 'cancelled', 'refused'],
    ['completed', 'cancelled', 'refused'],
    ['completed', 'open', 'refused'],
    ['cancelled', 'open', 'refused'],
    ['cancelling', 'cancelled', 'refused'],
  ] as const)('%s → %s is %s', (from, to, verdict) => {
    expect(lifecycleVerdict(from, to)).toBe(verdict);
  });
});

describe('participant moves', () => {
  it.each([
    ['accept', 'invited', 'move'],
    ['accept', 'active', 'unchanged'],
    ['accept', 'declined', 'refused'],
    ['accept', 'left', 'refused'],
    ['accept', 'removed', 'refused'],
    ['decline', 'invited', 'move'],
    ['decline', 'declined', 'unchanged'],
    ['decline', 'active', 'refused'],
    ['leave', 'active', 'move'],
    ['leave', 'left', 'unchanged'],
    ['leave', 'invited', 'refused'],
    ['remove', 'invited', 'move'],
    ['remove', 'active', 'move'],
    ['remove', 'removed', 'unchanged'],
    ['remove', 'left', 'refused'],
    ['directAdd', 'removed', 'move'],
    ['directAdd', 'declined', 'move'],
    ['directAdd', 'active', 'unchanged'],
  ] as const)('%s from %s is %s', (action, status, verdict) => {
    expect(rosterVerdict(action, entry({ status }))).toBe(verdict);
  });

  it('protects the organizer from leaving, removal and declining; an unknown entry can only be added directly', () => {
    for (const action of ['leave', 'remove', 'decline'] as const) {
      expect(rosterVerdict(action, entry({ role: 'organizer' }))).toBe('organizer');
    }
    expect(rosterVerdict('accept', undefined)).toBe('refused');
    expect(rosterVerdict('directAdd', undefined)).toBe('move');
  });
});

describe('details and pricing', () => {
  it('names the capabilities a PATCH needs', () => {
    expect(capabilitiesForPatch({ name: 'x' })).toEqual(['manageSharedDetails']);
    expect(capabilitiesForPatch({ ticketTypeTemplates: [] })).toEqual(['managePricing']);
    expect(capabilitiesForPatch({ showtimes: [], ticketTypeTemplates: [] })).toEqual([
      'manageSharedDetails',
      'managePricing',
    ]);
  });

  it('keeps showtime ids, mints new ones, refuses removal, unknown and twice-listed ids', () => {
    const current = head().showtimes!;
    let n = 0;
    const mint = () => `new${++n}`;
    expect(
      mergeShowtimes(
        current,
        [
          { showtimeId: 'st1', dateTime: 'a' },
          { dateTime: 'b', label: 'L' },
        ],
        mint,
      ),
    ).toEqual([
      { showtimeId: 'st1', dateTime: 'a' },
      { showtimeId: 'new1', dateTime: 'b', label: 'L' },
    ]);
    expect(mergeShowtimes(current, [{ dateTime: 'b' }], mint)).toMatch(/cannot be removed/);
    expect(mergeShowtimes(current, [{ showtimeId: 'x', dateTime: 'b' }], mint)).toMatch(/Unknown/);
    expect(
      mergeShowtimes(
        current,
        [
          { showtimeId: 'st1', dateTime: 'a' },
          { showtimeId: 'st1', dateTime: 'b' },
        ],
        mint,
      ),
    ).toMatch(/twice/);
  });

  it('defaults a template fee to 0 and its sortOrder to its position', () => {
    const merged = mergeTemplates(
      head().ticketTypeTemplates!,
      [
        { id: 't1', name: 'A', price: 5 },
        { name: 'B', price: 2 },
      ],
      () => 'n',
    );
    expect(merged).toEqual([
      { id: 't1', name: 'A', price: 5, fee: 0, sortOrder: 1 },
      { id: 'n', name: 'B', price: 2, fee: 0, sortOrder: 2 },
    ]);
    expect(mergeTemplates(head().ticketTypeTemplates!, [{ name: 'B', price: 2 }], () => 'n')).toMatch(
      /cannot be removed/,
    );
  });
});

describe('projections', () => {
  it('copies details with the same ids, keeps local fields, links back with the version', () => {
    const existing = projectionOf(head({ detailsVersion: 1 }), entry(), undefined, 'now');
    const local = { ...existing, active: false, showtimes: [{ ...existing.showtimes[0], externalSold: 4 }] };
    const next = projectionOf(head({ name: 'New', location: undefined }), entry(), local, 'later');
    expect(next).toMatchObject({
      id: 'se-s1',
      organizationId: 'o1',
      name: 'New',
      venueCapacity: 50,
      active: false,
      createdAt: 'now',
      updatedAt: 'later',
      sharedEventLink: {
        sharedEventId: 's1',
        role: 'participant',
        capacityPolicy: 'pool',
        participantStatus: 'active',
        detailsVersion: 3,
      },
    });
    expect(next.showtimes).toEqual([
      { showtimeId: 'st1', dateTime: '2027-01-01T18:00:00.000Z', label: 'Evening', externalSold: 4 },
    ]);
    expect(next.ticketTypes).toEqual([
      { id: 't1', name: 'Adult', price: 10, fee: 1, sortOrder: 1, eventId: 'se-s1', organizationId: 'o1' },
    ]);
    expect('location' in next).toBe(false);
  });

  it('never writes a projection back to an older version, nor the same one twice', () => {
    const at = (v: number, status = 'active') =>
      ({
        ...projectionOf(head({ detailsVersion: v }), entry(), undefined, 'x'),
        sharedEventLink: { detailsVersion: v, participantStatus: status },
      }) as never;
    expect(projectionNeedsWrite(head(), entry(), at(2))).toBe(true);
    expect(projectionNeedsWrite(head(), entry(), at(3))).toBe(false);
    expect(projectionNeedsWrite(head(), entry(), at(4))).toBe(false);
    expect(projectionNeedsWrite(head(), entry({ status: 'left' }), at(3))).toBe(true);
    expect(projectionNeedsWrite(head(), entry({ status: 'invited' }), undefined)).toBe(false);
    expect(projectionNeedsWrite(head(), entry(), undefined)).toBe(true);
  });

  it('reports synced only at the current version; finds outstanding work', () => {
    const link = (syncStatus: 'pending' | 'synced' | 'failed', detailsVersion: number) =>
      entry({ projectionLink: { eventId: 'e', syncStatus, detailsVersion } });
    expect(reportedSyncStatus(head(), link('synced', 3))).toBe('synced');
    expect(reportedSyncStatus(head(), link('synced', 2))).toBe('pending');
    expect(reportedSyncStatus(head(), link('failed', 2))).toBe('failed');
    expect(needsProjectionWork(head(), link('pending', 3))).toBe(true);
    expect(needsProjectionWork(head(), link('synced', 3))).toBe(false);
    expect(needsProjectionWork(head(), entry())).toBe(true);
    expect(needsProjectionWork(head(), entry({ status: 'invited' }))).toBe(false);
  });
});

it('derives a UUID-shaped Shared Event id from the organizer and request id', () => {
  const id = idOfRequest('org', 'r1');
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(idOfRequest('org', 'r1')).toBe(id);
  expect(idOfRequest('org2', 'r1')).not.toBe(id);
});
