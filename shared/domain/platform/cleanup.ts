import { config } from '../../config';
import { badRequest, notFound } from '../../errors';
import { isNotFound } from '../../store/outcomes';
import { mapWithConcurrency } from '../../csv/parse';
import { CONTAINER_NAMES, deleteDocument, everyDocumentAcrossPartitions } from './repo';

/**
 * POST /api/management/cleanup: wipes every container for end-to-end test runs. Hidden (404) unless
 * E2E_TEST_MODE=true, and it deletes only with `confirm=yes`. Super-admin users and their e-mail index are
 * kept so the run that called it can go on.
 */
export async function cleanupAllData(confirm: string | undefined, keepUserId: string) {
  if (!config().e2eTestMode) throw notFound('Route');
  if (confirm !== 'yes')
    throw badRequest('Add confirm=yes to delete all data', [{ path: '/confirm', message: 'must be "yes"' }]);
  const deleted: Record<string, number> = {};
  for (const name of CONTAINER_NAMES) {
    const rows = await everyDocumentAcrossPartitions(name);
    const superAdmins = new Set(rows.filter((r) => r.docType === 'user' && r.isSuperAdmin).map((r) => String(r.id)));
    superAdmins.add(keepUserId);
    const doomed = rows.filter(
      (r) => !(name === 'users' && (superAdmins.has(String(r.id)) || superAdmins.has(String(r.userId)))),
    );
    await mapWithConcurrency(doomed, 16, async (r) => {
      try {
        await deleteDocument(name, r);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    });
    deleted[name] = doomed.length;
  }
  return { deleted };
}
