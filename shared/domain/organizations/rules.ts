import { badRequest } from '../../errors';

/** Organization text rules (docs/decisions/organizations.md): names 1..255 and descriptions ≤ 2,000 characters after trimming. */
export const NAME_MAX = 255;
export const DESCRIPTION_MAX = 2000;

/**
 * Characters are counted as code points, like ajv counts them in the schema, so an emoji is one character and
 * a name of 255 emoji fits; UTF-16 `.length` would count each of them twice.
 */
const characters = (text: string) => [...text].length;

export function normalizeName(raw: string): string {
  const name = raw.trim();
  if (characters(name) < 1 || characters(name) > NAME_MAX) {
    throw badRequest(`name must be 1 to ${NAME_MAX} characters after trimming`, [
      { path: '/name', message: `must be 1 to ${NAME_MAX} characters after trimming` },
    ]);
  }
  return name;
}

/** A blank description clears the field: the result is `undefined`, never null or an empty string. */
export function normalizeDescription(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const description = raw.trim();
  if (characters(description) > DESCRIPTION_MAX) {
    throw badRequest(`description must be at most ${DESCRIPTION_MAX} characters after trimming`, [
      { path: '/description', message: `must be at most ${DESCRIPTION_MAX} characters after trimming` },
    ]);
  }
  return description.length > 0 ? description : undefined;
}
