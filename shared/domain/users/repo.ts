import { createHash, randomUUID } from 'node:crypto';
import { containers } from '../../store/client';
import { createItem, readItem, replaceItem } from '../../store/operations';
import { isConflict, type Stored } from '../../store/outcomes';

export interface UserDoc {
  id: string;
  docType: 'user';
  email: string;
  name: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  isSuperAdmin?: boolean;
  tokenVersion: number;
  createdAt: string;
  updatedAt: string;
  deletedAt?: string;
}

/** Unique e-mail index: one document per normalized address, created before the user it points to. */
interface EmailLookupDoc {
  id: string;
  docType: 'emailLookup';
  userId: string;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
const emailLookupId = (email: string) => `email-${createHash('sha256').update(normalizeEmail(email)).digest('hex')}`;

export async function getUser(userId: string): Promise<Stored<UserDoc> | undefined> {
  const doc = await readItem<UserDoc>(containers().users, userId, userId);
  return doc?.docType === 'user' ? doc : undefined;
}

/** The user behind an address (soft-deleted ones included; callers decide what deletion means for them). */
export async function findUserByEmail(email: string): Promise<Stored<UserDoc> | undefined> {
  const id = emailLookupId(email);
  const lookup = await readItem<EmailLookupDoc>(containers().users, id, id);
  return lookup ? getUser(lookup.userId) : undefined;
}

export interface NewUser {
  email: string;
  name?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  isSuperAdmin?: boolean;
}

/**
 * Create a user, or return the existing one for that address. The e-mail index is written first, so two
 * concurrent creations for one address produce one user; an index left without its user (a crash between
 * the two writes) is healed here by creating the user it names.
 */
export async function createOrGetUser(input: NewUser): Promise<{ user: Stored<UserDoc>; created: boolean }> {
  const email = normalizeEmail(input.email);
  const lookupId = emailLookupId(email);
  const newId: string = randomUUID();
  let userId = newId;
  try {
    await createItem<EmailLookupDoc>(containers().users, { id: lookupId, docType: 'emailLookup', userId: newId });
  } catch (error) {
    if (!isConflict(error)) throw error;
    const lookup = await readItem<EmailLookupDoc>(containers().users, lookupId, lookupId);
    userId = lookup?.userId ?? newId;
    const existing = await getUser(userId);
    if (existing) return { user: existing, created: false };
  }
  const now = new Date().toISOString();
  const doc: UserDoc = {
    id: userId,
    docType: 'user',
    email,
    name: input.name?.trim() || [input.firstName, input.lastName].filter(Boolean).join(' ') || email.split('@')[0],
    ...(input.firstName ? { firstName: input.firstName } : {}),
    ...(input.lastName ? { lastName: input.lastName } : {}),
    ...(input.phone ? { phone: input.phone } : {}),
    ...(input.isSuperAdmin ? { isSuperAdmin: true } : {}),
    tokenVersion: 0,
    createdAt: now,
    updatedAt: now,
  };
  try {
    return { user: await createItem(containers().users, doc), created: true };
  } catch (error) {
    if (!isConflict(error)) throw error;
    const existing = await getUser(userId);
    if (!existing) throw error;
    return { user: existing, created: false };
  }
}

export function saveUser(user: Stored<UserDoc>): Promise<Stored<UserDoc>> {
  return replaceItem(containers().users, user.id, { ...user, updatedAt: new Date().toISOString() }, user._etag);
}

/** Public shape of a user: listed fields only, never the token version or store fields. */
export function toUserResponse(user: UserDoc) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    isSuperAdmin: user.isSuperAdmin === true,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    ...(user.deletedAt ? { deletedAt: user.deletedAt } : {}),
  };
}
