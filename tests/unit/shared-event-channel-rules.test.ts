import {
  assignedChannel,
  channelOutcome,
  connectionRefProblem,
  disabledChannel,
  isChannelSource,
  refVisibility,
  withChannel,
} from '../../shared/domain/shared-events/channels/rules';
import { toChannelResponse } from '../../shared/domain/shared-events/channels/mapper';
import { rawPeople } from '../../shared/domain/shared-events/people';
import type { ExternalSalesChannel } from '../../shared/domain/shared-events/model';

const channel = (over: Partial<ExternalSalesChannel> = {}): ExternalSalesChannel => ({
  source: 'externalA',
  mode: 'manual',
  responsibleOrgId: 'org-b',
  connectionRef: 'kv:tickets-a',
  status: 'active',
  assignedBy: 'u1',
  effectiveFrom: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('channel sources', () => {
  it('knows externalA and externalB only', () => {
    expect(isChannelSource('externalA')).toBe(true);
    expect(isChannelSource('externalB')).toBe(true);
    expect(isChannelSource('externalC')).toBe(false);
    expect(isChannelSource('externala')).toBe(false);
  });
});

describe('connectionRef: a reference, never a credential', () => {
  it.each([
    'kv:tickets-a',
    'secret:partner-b-connection',
    'https://contoso.vault.azure.net/secrets/externalA-conn',
    'https://contoso.vault.azure.net/secrets/externalA-conn/0123456789abcdef0123456789abcdef',
  ])('accepts %s', (ref) => expect(connectionRefProblem(ref)).toBeUndefined());

  it.each([
    'hunter2',
    'password=secret',
    'kv:',
    'kv:has space',
    'kv:under_score',
    'vault:tickets',
    'https://example.com/secrets/a',
    'https://user:pw@contoso.vault.azure.net/secrets/a',
    'https://contoso.vault.azure.net/secrets/a?api-key=1',
    'http://contoso.vault.azure.net/secrets/a',
    `kv:${'a'.repeat(128)}`,
  ])('refuses the shape %s', (ref) => expect(connectionRefProblem(ref)).toMatch(/must be a secret reference/));

  it.each(['secret:AKIAIOSFODNN7EXAMPLE1234abcd', 'kv:sk-live-abc', 'kv:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b'])(
    'refuses a name that looks like a credential: %s',
    (ref) => expect(connectionRefProblem(ref)).toMatch(/looks like a credential/),
  );
});

describe('channelOutcome', () => {
  const request = { mode: 'manual' as const, responsibleOrgId: 'org-b', connectionRef: 'kv:tickets-a' };
  it('assigns a new channel, leaves the same active one, updates anything else', () => {
    expect(channelOutcome(undefined, request)).toBe('assigned');
    expect(channelOutcome(channel(), request)).toBe('unchanged');
    expect(channelOutcome(channel({ mode: 'automation' }), request)).toBe('updated');
    expect(channelOutcome(channel({ responsibleOrgId: 'org-c' }), request)).toBe('updated');
    expect(channelOutcome(channel({ status: 'disabled' }), request)).toBe('updated');
    expect(channelOutcome(channel(), { ...request, connectionRef: undefined })).toBe('updated');
  });
});

describe('channel documents', () => {
  it('an assignment names its author and moment; no connectionRef stays absent', () => {
    const c = assignedChannel('externalB', { mode: 'automation', responsibleOrgId: 'o' }, 'u2', 'T');
    expect(c).toEqual({
      source: 'externalB',
      mode: 'automation',
      responsibleOrgId: 'o',
      status: 'active',
      assignedBy: 'u2',
      effectiveFrom: 'T',
    });
  });

  it('disabling keeps the attribution', () => {
    expect(disabledChannel(channel())).toEqual(channel({ status: 'disabled' }));
  });

  it('one channel per source, in source order', () => {
    const b = channel({ source: 'externalB' });
    const list = withChannel([b, channel()], channel({ mode: 'automation' }));
    expect(list.map((c) => [c.source, c.mode])).toEqual([
      ['externalA', 'automation'],
      ['externalB', 'manual'],
    ]);
  });
});

describe('who sees connectionRef (rule 9)', () => {
  it('shows it to owners, Super Admins and the responsible organization; redacts or removes it otherwise', () => {
    expect(refVisibility({ kind: 'superAdmin' }, channel())).toBe('shown');
    expect(refVisibility({ kind: 'owner', organizationId: 'org-a' }, channel())).toBe('shown');
    expect(refVisibility({ kind: 'participant', organizationId: 'org-b' }, channel())).toBe('shown');
    expect(refVisibility({ kind: 'participant', organizationId: 'org-a' }, channel())).toBe('redacted');
    expect(refVisibility({ kind: 'invited', organizationId: 'org-b' }, channel())).toBe('removed');
  });

  it('maps accordingly, never inventing a reference that is not there', () => {
    expect(toChannelResponse(channel(), { kind: 'participant', organizationId: 'x' }, rawPeople).connectionRef).toBe(
      '[redacted]',
    );
    expect(toChannelResponse(channel(), { kind: 'invited', organizationId: 'org-b' }, rawPeople)).not.toHaveProperty(
      'connectionRef',
    );
    const none = channel({ connectionRef: undefined });
    delete none.connectionRef;
    expect(toChannelResponse(none, { kind: 'participant', organizationId: 'x' }, rawPeople)).not.toHaveProperty(
      'connectionRef',
    );
  });
});
