import { DomainError } from '../../errors';
import { jitterMs } from './rules';

/**
 * The generic 404s of delegated sales (docs/decisions/delegations.md): one body for every variant, sent after a random 50 to 150 ms,
 * so neither the answer nor its timing tells which check failed.
 */
export const PARTNER_NOT_FOUND_MESSAGE = 'No eligible partner organization was found for this address';
export const INVITATION_NOT_FOUND_MESSAGE = 'This invitation is not available';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function jitteredNotFound(message: string): Promise<never> {
  await pause(jitterMs(Math.random()));
  throw new DomainError('NOT_FOUND', message);
}

export const partnerNotFound = () => jitteredNotFound(PARTNER_NOT_FOUND_MESSAGE);
export const invitationNotFound = () => jitteredNotFound(INVITATION_NOT_FOUND_MESSAGE);
