import { toAuditEntryResponse } from '../../shared/domain/shared-events/audit/list';
import { auditEntry } from '../../shared/domain/shared-events/audit/entry';
import { rawPeople } from '../../shared/domain/shared-events/people';

describe('audit entry response', () => {
  it('never carries metadata, schemaVersion or docType, and leaves absent targets absent', () => {
    const entry = auditEntry({
      sharedEventId: 'se',
      action: 'grant.issued',
      actorUserId: 'u1',
      targetUserId: 'u2',
      operation: 'op',
      metadata: { secret: 'x' },
      at: '2026-01-01T00:00:00.000Z',
    });
    expect(toAuditEntryResponse({ ...entry, _etag: 'e', _rid: 'r' } as typeof entry, rawPeople)).toEqual({
      id: entry.id,
      action: 'grant.issued',
      actorUserId: 'u1',
      targetUserId: 'u2',
      timestamp: '2026-01-01T00:00:00.000Z',
    });
  });
});
