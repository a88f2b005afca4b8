/** What a document id in a path may look like (the same bounds as body ids): anything else names nothing. */
const DOCUMENT_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const isDocumentId = (value: string): boolean => DOCUMENT_ID.test(value);
