import { containers } from '../../store/client';
import { deleteItem, patchItem, readItem, upsertItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';
import type { LoginChallengeDoc } from './model';

/** Every store call on login challenges (auth container, partitioned by id: each challenge is its own partition). */

/** Writes the address's challenge, replacing (and so voiding) any earlier one. */
export const putChallenge = (doc: LoginChallengeDoc) => upsertItem<LoginChallengeDoc>(containers().auth, doc);

export async function readChallenge(id: string): Promise<Stored<LoginChallengeDoc> | undefined> {
  const doc = await readItem<LoginChallengeDoc>(containers().auth, id, id);
  return doc?.docType === 'loginChallenge' ? doc : undefined;
}

/** Deletes the challenge; with `ifMatch` only if nobody consumed or counted it since it was read (412 else). */
export const deleteChallenge = (id: string, ifMatch?: string) => deleteItem(containers().auth, id, id, ifMatch);

/** Counts one wrong code with an atomic increment, so parallel wrong guesses are each counted. */
export const countWrongCode = (id: string) =>
  patchItem<LoginChallengeDoc>(containers().auth, id, id, [{ op: 'incr', path: '/failedCodeAttempts', value: 1 }]);
