import { createApi, type ApiError } from './client';
import { API_BASE_URL } from './base-url';
import { takeEarlyAnswer } from './early-answers';
import { clearSession, currentToken } from './session';

let onLoggedOut: ((error: ApiError) => void) | undefined;
/** The router registers how to go back to the login page when a 401 arrives. */
export const setLoggedOutHandler = (handler: (error: ApiError) => void) => (onLoggedOut = handler);

/**
 * The app's API instance. API_BASE_URL (VITE_API_BASE_URL) is the function app's origin when the client is hosted
 * apart from the API (Azure Static Web App); empty means the same origin (local host, dev proxy).
 */
export const { client: http, unwrap } = createApi({
  baseUrl: API_BASE_URL,
  // The first screen's answers the entry asked early are taken here once (early-answers.ts); a failed one is asked again.
  fetch: (request) => {
    const early = takeEarlyAnswer(request as Request);
    return early ? early.catch(() => fetch(request)) : fetch(request);
  },
  getToken: currentToken,
  onUnauthorized: (error) => {
    clearSession();
    onLoggedOut?.(error);
  },
});
