import { createApi, type ApiError } from './client';
import { clearSession, currentToken } from './session';

/**
 * The app's API instance. VITE_API_BASE_URL is the function app's origin when the client is hosted apart from
 * the API (Azure Static Web App); unset means the same origin (local host, dev proxy).
 */
const baseUrl = (import.meta.env.VITE_API_BASE_URL as string | undefined)?.replace(/\/+$/, '') ?? '';

let onLoggedOut: ((error: ApiError) => void) | undefined;
/** The router registers how to go back to the login page when a 401 arrives. */
export const setLoggedOutHandler = (handler: (error: ApiError) => void) => (onLoggedOut = handler);

export const { client: http, unwrap } = createApi({
  baseUrl,
  getToken: currentToken,
  onUnauthorized: (error) => {
    clearSession();
    onLoggedOut?.(error);
  },
});
