import { containers } from '../../store/client';
import { createItem, readItem, replaceItem } from '../../store/operations';
import { keepsMoney, moneyMoves } from '../events/capacity/money';
import { writeWithMoney } from '../events/capacity/repo';
import { totalsMoney } from '../events/capacity/money-rules';
import type { CapacityRequest } from '../events/capacity/counter';
import { commitSale, refuseBeyondVenue } from '../events/capacity/sale-batch';
import { type Stored } from '../../store/outcomes';
import type { KeyCarrying } from '../../store/write-token';
import type { RegistrationDoc } from './model';
import { asContention, retryTicketContention } from '../tickets/issue';
import { sourceTicketWrites } from '../tickets/source-tickets';
import { registrationHolding } from './tickets';

/** Every store call on registrations: all inside the organization's partition. */
export async function getRegistration(
  organizationId: string,
  id: string,
): Promise<Stored<RegistrationDoc> | undefined> {
  const doc = await readItem<RegistrationDoc>(containers().orgs, organizationId, id);
  return doc?.docType === 'registration' ? doc : undefined;
}

/**
 * Creates the registration; its totals move its showtime counter's money in the same batch
 * (events/capacity/money.ts). The decisive write of POST registrations: it carries a waiting Idempotency-Key record
 * (store/write-token.ts).
 */
export function createRegistrationDoc(registration: RegistrationDoc): Promise<Stored<RegistrationDoc>> {
  const key = { carriesKey: true } as const;
  const single = () => createItem(containers().orgs, registration, key);
  const moves = keepsMoney(registration) ? moneyMoves(undefined, totalsMoney(registration)) : [];
  // Its tickets are issued in the same batch (tickets/source-tickets.ts).
  return retryTicketContention(async () =>
    writeWithMoney(registration.organizationId, registration.eventId, moves, [{ create: registration }], single, {
      ...key,
      alongside: await sourceTicketWrites(undefined, registrationHolding(registration)),
    }),
  );
}

/**
 * A registration on an ordinary event, in ONE transactional batch (events/capacity/sale-batch.ts): its create, the
 * showtime counter's conditional patch taking `seats` with its revenue and fees, its tickets, and a waiting
 * Idempotency-Key record (store/write-token.ts): all or nothing.
 */
export function createRegistrationSale(
  registration: RegistrationDoc,
  seats: CapacityRequest,
): Promise<Stored<RegistrationDoc>> {
  // Its tickets are issued in the same batch (tickets/source-tickets.ts), numbered from a reservation made just
  // before; more seats than the venue has are refused before any number is taken (numbers a refused sale took
  // stay unused, so none may take more than it could ever be sold).
  return retryTicketContention(async () => {
    await refuseBeyondVenue(registration.organizationId, seats);
    return commitSale<Stored<RegistrationDoc>>(registration.organizationId, {
      seats,
      writes: [{ create: registration }, ...(await sourceTicketWrites(undefined, registrationHolding(registration)))],
      money: moneyMoves(undefined, totalsMoney(registration)),
      carriesKey: true,
    });
  });
}

/**
 * Replaces the registration only if nobody changed it since `before` was read (412 otherwise); a change of its
 * totals, showtime or deletion moves the counters' money in the same batch.
 */
export async function replaceRegistration(
  registration: RegistrationDoc,
  before: Stored<RegistrationDoc>,
  options?: KeyCarrying,
): Promise<Stored<RegistrationDoc>> {
  const etag = before._etag;
  const single = () => replaceItem(containers().orgs, registration.organizationId, registration, etag, options);
  const moves = keepsMoney(registration) ? moneyMoves(totalsMoney(before), totalsMoney(registration)) : [];
  const writes = [{ replace: registration, ifMatch: etag }];
  const tickets = await sourceTicketWrites(registrationHolding(before), registrationHolding(registration));
  try {
    return await writeWithMoney(registration.organizationId, registration.eventId, moves, writes, single, {
      ...options,
      alongside: tickets,
    });
  } catch (error) {
    throw asContention(error); // a ticket write lost a race: the caller reads again (withEtagRetry)
  }
}
