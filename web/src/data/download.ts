import { ApiError, toApiError } from '../api/client';
import { http } from '../api/instance';
import type { paths } from '../api/schema';

/** The file name from `Content-Disposition` (RFC 6266: `filename*=UTF-8''…` preferred over `filename="…"`). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

type ExportPath =
  | '/api/management/dashboard/{eventId}/export'
  | '/api/management/dashboard/{eventId}/export-excel'
  | '/api/management/reports/export'
  | '/api/management/members/{userId}/invoice/{eventId}/pdf';

/** What openapi-fetch answers for a call made with `parseAs: 'blob'`. */
export type BlobCall = Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * A file answer (PDF, CSV, workbook) as a blob and the server's file name: a plain link cannot carry the bearer token,
 * so files come through the typed client. A JSON error answer becomes an ApiError like any other call.
 */
export async function blobOf(call: BlobCall, fallbackName: string): Promise<{ blob: Blob; name: string }> {
  let result;
  try {
    result = await call;
  } catch (cause) {
    throw new ApiError(0, 'NETWORK_ERROR', `The service could not be reached (${String(cause)})`);
  }
  const { response } = result;
  const data = result.data as Blob | undefined;
  if (!response.ok || !data) {
    let body: unknown = result.error;
    if (result.error instanceof Blob) {
      try {
        body = JSON.parse(await result.error.text());
      } catch {
        body = undefined;
      }
    }
    throw toApiError(response, body);
  }
  return { blob: data, name: fileNameOf(response.headers.get('content-disposition'), fallbackName) };
}

/** Hands a blob to the browser as a download under its name. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Fetches an export (so the token goes with it), then hands it to the browser under the server's own file name. */
export async function downloadExport<P extends ExportPath>(
  path: P,
  params: paths[P]['get']['parameters'],
  fallbackName: string,
): Promise<string> {
  // openapi-fetch's overloads cannot follow a generic path; the params type above keeps callers exact.
  const call = (http.GET as (p: string, o: unknown) => BlobCall)(path, { params, parseAs: 'blob' });
  const { blob, name } = await blobOf(call, fallbackName);
  saveBlob(blob, name);
  return name;
}
