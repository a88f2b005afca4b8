import {
  EXTERNAL_CHANNEL_SOURCES,
  type ExternalChannelSource,
  type ExternalSalesChannel,
  type SharedEventDoc,
} from '../model';

/**
 * Pure rules of the Shared Event external sales channels (docs/shared-events.md ExternalSalesChannel, rule 5, rule 9). The choices
 * the spec leaves open are ours and written down in docs/decisions/shared-event-channels.md.
 */

export const isChannelSource = (value: string): value is ExternalChannelSource =>
  (EXTERNAL_CHANNEL_SOURCES as readonly string[]).includes(value);

/** A Key Vault secret name: 1-127 letters, digits and dashes, starting with a letter or digit. */
const SECRET_NAME = '[A-Za-z0-9][A-Za-z0-9-]{0,126}';
const KEY_VAULT_URI = new RegExp(
  `^https://[a-z0-9](?:[a-z0-9-]{1,22}[a-z0-9])?\\.vault\\.azure\\.net/secrets/(${SECRET_NAME})(?:/[0-9a-f]{32})?$`,
);
const NAMED_REFERENCE = new RegExp(`^(?:kv|secret):(${SECRET_NAME})$`);

/**
 * A run of 24 or more letters and digits mixing both (an API key, a token, a password's hash) looks like a
 * credential rather than a name someone chose; so does a known credential prefix.
 */
const CREDENTIAL_LIKE = [
  /(?=[A-Za-z0-9]*[0-9])(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{24,}/,
  /^(?:sk|pk|rk)[_-](?:live|test)/i,
];

/**
 * Why `value` is not a secret reference, or undefined when it is one. A reference is a Key Vault secret URI
 * (`https://{vault}.vault.azure.net/secrets/{name}[/{32-hex version}]`) or a named reference `kv:{name}` /
 * `secret:{name}`; a name that looks like a credential itself is refused (rule 5: raw credentials never stored).
 */
export function connectionRefProblem(value: string): string | undefined {
  const match = KEY_VAULT_URI.exec(value) ?? NAMED_REFERENCE.exec(value);
  if (!match) {
    return 'must be a secret reference: https://{vault}.vault.azure.net/secrets/{name}, kv:{name} or secret:{name}';
  }
  const name = match[1];
  if (CREDENTIAL_LIKE.some((pattern) => pattern.test(name))) {
    return 'looks like a credential, not a reference to one: store the secret in the vault and give its name';
  }
  return undefined;
}

export interface ChannelRequest {
  mode: ExternalSalesChannel['mode'];
  responsibleOrgId: string;
  connectionRef?: string;
}

export type ChannelOutcome = 'assigned' | 'updated' | 'unchanged';

/**
 * A PUT carries the whole desired channel: a first PUT assigns it; the same values on an active channel change
 * nothing; anything else (other values, or re-enabling a disabled channel) updates it.
 */
export function channelOutcome(existing: ExternalSalesChannel | undefined, request: ChannelRequest): ChannelOutcome {
  if (!existing) return 'assigned';
  const same =
    existing.status === 'active' &&
    existing.mode === request.mode &&
    existing.responsibleOrgId === request.responsibleOrgId &&
    existing.connectionRef === request.connectionRef;
  return same ? 'unchanged' : 'updated';
}

/** The stored channel after a PUT: assignedBy and effectiveFrom name the change that made it what it is now. */
export function assignedChannel(
  source: ExternalChannelSource,
  request: ChannelRequest,
  assignedBy: string,
  now: string,
): ExternalSalesChannel {
  return {
    source,
    mode: request.mode,
    responsibleOrgId: request.responsibleOrgId,
    ...(request.connectionRef !== undefined ? { connectionRef: request.connectionRef } : {}),
    status: 'active',
    assignedBy,
    effectiveFrom: now,
  };
}

/** Disabling keeps everything else: who was responsible, since when, and who assigned it. */
export const disabledChannel = (channel: ExternalSalesChannel): ExternalSalesChannel => ({
  ...channel,
  status: 'disabled',
});

/** The channel list with `channel` in place of the one of its source (one channel per source), in source order. */
export function withChannel(channels: readonly ExternalSalesChannel[], channel: ExternalSalesChannel) {
  const others = channels.filter((c) => c.source !== channel.source);
  return [...others, channel].sort(
    (x, y) => EXTERNAL_CHANNEL_SOURCES.indexOf(x.source) - EXTERNAL_CHANNEL_SOURCES.indexOf(y.source),
  );
}

export const channelOf = (head: Pick<SharedEventDoc, 'externalChannels'>, source: ExternalChannelSource) =>
  (head.externalChannels ?? []).find((c) => c.source === source);

/**
 * How much of `connectionRef` a reader receives (rule 9): owners and Super Admins the reference itself ("protected
 * references"), as do members of the organization the channel is assigned to; other live participants a redacted
 * marker; an invited organization nothing (the field is removed).
 */
export type ChannelReader =
  | { kind: 'superAdmin' }
  | { kind: 'owner'; organizationId: string }
  | { kind: 'participant'; organizationId: string }
  | { kind: 'invited'; organizationId: string };

export type RefVisibility = 'shown' | 'redacted' | 'removed';

export function refVisibility(reader: ChannelReader, channel: Pick<ExternalSalesChannel, 'responsibleOrgId'>) {
  switch (reader.kind) {
    case 'superAdmin':
    case 'owner':
      return 'shown';
    case 'participant':
      return reader.organizationId === channel.responsibleOrgId ? 'shown' : 'redacted';
    case 'invited':
      return 'removed';
  }
}

/** What a redacted reference reads as. */
export const REDACTED_REF = '[redacted]';
