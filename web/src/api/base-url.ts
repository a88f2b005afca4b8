/**
 * The function app's origin when the client is hosted apart from the API (Azure Static Web App: VITE_API_BASE_URL);
 * '' for the same origin (local host, dev proxy).
 */
export const API_BASE_URL = (import.meta.env.VITE_API_BASE_URL as string | undefined)?.replace(/\/+$/, '') ?? '';
