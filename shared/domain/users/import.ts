import { mapWithConcurrency, parseCsvImport, type LineError } from '../../csv/parse';
import { normalizeEmail } from './model';
import { createOrGetUser, saveUser } from './repo';
import { lineFailure, type ImportResult } from '../vocabulary/import-result';
import { isValidEmail } from '../vocabulary/email';

const FIELDS = ['name', 'firstname', 'lastname', 'phone'] as const;
const LIMITS: Record<(typeof FIELDS)[number], number> = { name: 255, firstname: 100, lastname: 100, phone: 40 };

/** POST /api/users/import (CSV `email,name,firstName,lastName,phone`): creates new users, updates changed ones. */
export async function importUsers(csv: string): Promise<ImportResult> {
  const parsed = parseCsvImport(csv, ['email'], ['email', 'name', 'firstName', 'lastName', 'phone']);
  const errors: LineError[] = [...parsed.errors];
  const seen = new Map<string, number>();
  const lines: { line: number; email: string; values: Record<string, string> }[] = [];
  for (const { line, values } of parsed.rows) {
    const email = normalizeEmail(values.email ?? '');
    const tooLong = FIELDS.find((f) => (values[f] ?? '').length > LIMITS[f]);
    if (!isValidEmail(email)) errors.push({ line, message: 'invalid e-mail address' });
    else if (tooLong) errors.push({ line, message: `${tooLong} too long` });
    else if (seen.has(email)) errors.push({ line, message: `duplicate e-mail (first on line ${seen.get(email)})` });
    else {
      seen.set(email, line);
      lines.push({ line, email, values });
    }
  }
  const result: ImportResult = { created: 0, updated: 0, skipped: 0, errors };
  await mapWithConcurrency(lines, 8, async ({ line, email, values }) => {
    const fields = {
      ...(values.name ? { name: values.name } : {}),
      ...(values.firstname ? { firstName: values.firstname } : {}),
      ...(values.lastname ? { lastName: values.lastname } : {}),
      ...(values.phone ? { phone: values.phone } : {}),
    };
    try {
      const { user, created } = await createOrGetUser({ email, ...fields });
      if (created) result.created += 1;
      else if (Object.entries(fields).some(([k, v]) => user[k as keyof typeof user] !== v)) {
        await saveUser({ ...user, ...fields });
        result.updated += 1;
      } else result.skipped += 1;
    } catch (error) {
      result.errors.push({ line, message: lineFailure(error) });
    }
  });
  result.errors.sort((a, b) => a.line - b.line);
  return result;
}
