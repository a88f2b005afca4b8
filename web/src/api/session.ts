/**
 * The login session and the chosen organization, kept in localStorage so a reload keeps them until the token's
 * `expiresAt` passes (then the session is forgotten and the login page shows). Subscribable for React.
 */
export interface Session {
  token: string;
  expiresAt: string;
  userId: string;
  email: string;
}

const SESSION_KEY = 'tickets.session';
const ORG_KEY = 'tickets.organizationId';
const listeners = new Set<() => void>();
let cached: Session | undefined | null = null;

function read(): Session | undefined {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    return raw ? (JSON.parse(raw) as Session) : undefined;
  } catch {
    return undefined;
  }
}

export function currentSession(): Session | undefined {
  if (cached === null) cached = read();
  if (cached && Date.parse(cached.expiresAt) <= Date.now()) {
    clearSession();
    return undefined;
  }
  return cached;
}

export const currentToken = () => currentSession()?.token;

export function saveSession(session: Session) {
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  cached = session;
  emit();
}

export function clearSession() {
  localStorage.removeItem(SESSION_KEY);
  localStorage.removeItem(ORG_KEY);
  cached = undefined;
  emit();
}

export const currentOrganizationId = () => localStorage.getItem(ORG_KEY) ?? undefined;

export function chooseOrganization(organizationId: string | undefined) {
  if (organizationId) localStorage.setItem(ORG_KEY, organizationId);
  else localStorage.removeItem(ORG_KEY);
  emit();
}

let version = 0;
function emit() {
  version += 1;
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const sessionVersion = () => version;
