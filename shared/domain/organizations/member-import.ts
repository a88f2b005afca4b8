import { mapWithConcurrency, parseCsvImport, type LineError } from '../../csv/parse';
import { newMembership, ROLES, type Role } from '../memberships/model';
import { allMemberships, createMembership, replaceMembership } from '../memberships/repo';
import { changeWithRoleMap, grantInRoleMap } from '../users/role-map';
import { normalizeEmail } from '../users/model';
import { createOrGetUser } from '../users/repo';
import { requireLiveOrganization } from './manage-organizations';
import { isValidEmail } from '../vocabulary/email';
import { lineFailure, type ImportResult } from '../vocabulary/import-result';

interface MemberLine {
  line: number;
  email: string;
  name?: string;
  role: Role;
}

/** Validates member lines; a bad or repeated line is reported with its number and never blocks the others. */
export function validateMemberLines(rows: { line: number; values: Record<string, string> }[]) {
  const errors: LineError[] = [];
  const lines: MemberLine[] = [];
  const firstLine = new Map<string, number>();
  for (const { line, values } of rows) {
    const email = normalizeEmail(values.email ?? '');
    const role = (values.role || 'member') as Role;
    if (!isValidEmail(email)) errors.push({ line, message: 'invalid e-mail address' });
    else if (!ROLES.includes(role)) errors.push({ line, message: `invalid role "${values.role}"` });
    else if ((values.name ?? '').length > 255) errors.push({ line, message: 'name longer than 255 characters' });
    else if (firstLine.has(email))
      errors.push({ line, message: `duplicate e-mail (first on line ${firstLine.get(email)})` });
    else {
      firstLine.set(email, line);
      lines.push({ line, email, name: values.name || undefined, role });
    }
  }
  return { lines, errors };
}

/**
 * POST /api/organizations/{id}/members/import (CSV `email,name,role`). Existing memberships come from one
 * partition query; each line is then one small independent write set, so nothing is half-written per line.
 */
export async function importMembers(organizationId: string, csv: string): Promise<ImportResult> {
  await requireLiveOrganization(organizationId);
  const parsed = parseCsvImport(csv, ['email'], ['email', 'name', 'role']);
  const { lines, errors } = validateMemberLines(parsed.rows);
  errors.push(...parsed.errors);
  const existing = await allMemberships(organizationId);
  const byUser = new Map(existing.map((m) => [m.userId, m]));
  const result: ImportResult = { created: 0, updated: 0, skipped: 0, errors };
  await mapWithConcurrency(lines, 8, async (line) => {
    try {
      const { user } = await createOrGetUser({ email: line.email, name: line.name });
      const membership = byUser.get(user.id);
      if (user.deletedAt) {
        result.errors.push({ line: line.line, message: 'user is deleted; restore the user first' });
      } else if (!membership) {
        await grantInRoleMap(await createMembership(newMembership(organizationId, user.id, line.role, true)));
        result.created += 1;
      } else if (membership.role !== line.role) {
        const next = { ...membership, role: line.role, updatedAt: new Date().toISOString() };
        await changeWithRoleMap(membership, next, () => replaceMembership(next));
        result.updated += 1;
      } else {
        result.skipped += 1;
      }
    } catch (error) {
      result.errors.push({ line: line.line, message: lineFailure(error) });
    }
  });
  result.errors.sort((a, b) => a.line - b.line);
  return result;
}
