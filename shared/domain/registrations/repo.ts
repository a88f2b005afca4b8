import { containers } from '../../store/client';
import { createItem, readItem, replaceItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';
import type { RegistrationDoc } from './model';

/** Every store call on registrations: all inside the organization's partition. */
export async function getRegistration(
  organizationId: string,
  id: string,
): Promise<Stored<RegistrationDoc> | undefined> {
  const doc = await readItem<RegistrationDoc>(containers().orgs, organizationId, id);
  return doc?.docType === 'registration' ? doc : undefined;
}

/** The decisive write of POST registrations: it carries a waiting Idempotency-Key record (store/write-token.ts). */
export function createRegistrationDoc(registration: RegistrationDoc): Promise<Stored<RegistrationDoc>> {
  return createItem(containers().orgs, registration, { carriesKey: true });
}

/** Replaces the registration only if nobody changed it since it was read (412 otherwise). */
export function replaceRegistration(registration: RegistrationDoc, etag: string): Promise<Stored<RegistrationDoc>> {
  return replaceItem(containers().orgs, registration.organizationId, registration, etag);
}
