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

/**
 * Fetches an export through the typed client (so the token goes with it) as a blob, then hands it to the browser
 * under the server's own file name. A JSON error answer becomes an ApiError like any other call.
 */
export async function downloadExport<P extends ExportPath>(
  path: P,
  params: paths[P]['get']['parameters'],
  fallbackName: string,
): Promise<string> {
  let result;
  try {
    // openapi-fetch's overloads cannot follow a generic path; the params type above keeps callers exact.
    result = await (
      http.GET as (p: string, o: unknown) => Promise<{ data?: Blob; error?: unknown; response: Response }>
    )(path, { params, parseAs: 'blob' });
  } catch (cause) {
    throw new ApiError(0, 'NETWORK_ERROR', `The service could not be reached (${String(cause)})`);
  }
  const { response } = result;
  if (!response.ok || !result.data) {
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
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(result.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
