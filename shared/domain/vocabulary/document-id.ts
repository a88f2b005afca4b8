import { badRequest } from '../../errors';

/** What a document id in a path may look like (the same bounds as body ids): anything else names nothing. */
const DOCUMENT_ID = /^(?!\.{1,2}$)[A-Za-z0-9._:-]{1,128}$/;

export const isDocumentId = (value: string): boolean => DOCUMENT_ID.test(value);

/** The organization id of a query-scoped route is checked before any read: missing or malformed is a 400. */
export function requireOrganizationIdParam(organizationId: string | undefined): string {
  if (!organizationId) {
    throw badRequest('organizationId is required', [{ path: '/organizationId', message: 'is required' }]);
  }
  if (!isDocumentId(organizationId)) {
    throw badRequest('organizationId is invalid', [{ path: '/organizationId', message: 'is invalid' }]);
  }
  return organizationId;
}
