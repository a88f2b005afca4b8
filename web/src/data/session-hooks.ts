import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { http, unwrap } from '../api/instance';
import { currentOrganizationId, currentSession, sessionVersion, subscribeSession } from '../api/session';
import type { Me, Membership } from '../api/types';
import { i18next } from '../i18n';
import { meQueryOf } from './first-screen';

/** Re-renders on login, logout and organization changes. */
export function useSession() {
  useSyncExternalStore(subscribeSession, sessionVersion);
  return { session: currentSession(), organizationId: currentOrganizationId() };
}

/**
 * `GET /api/auth/me` with the chosen organization: the answer's membership there also carries the unread
 * notification count (and every approved one `sellsForOthers`), so the shell needs no call of its own for its badge
 * or its partner link (docs/decisions/web-client.md, "The first screen"). Keyed by the organization; while another
 * organization's answer loads, the previous one stands in (the memberships are the same person's).
 */
export const meQuery = (organizationId: string | undefined) => ({
  queryKey: ['me', organizationId ?? ''],
  queryFn: () => unwrap(http.GET('/api/auth/me', { params: { query: meQueryOf(organizationId) } })),
  staleTime: 60_000,
  placeholderData: keepPreviousData,
});

interface SignedIn {
  organizationId: string | undefined;
  me: UseQueryResult<Me>;
}
const SignedInContext = createContext<SignedIn | undefined>(undefined);

/**
 * One `/api/auth/me` observer for every signed-in page (app/App.tsx puts it under the session check). The shell,
 * the page and each of its forms (every `useAction`) ask for the caller and their organization: each its own
 * TanStack Query observer was a subscription and a result computed per component, the longest work of a page's
 * first render after its own (docs/decisions/web-client.md, "The first screen"). They read this one instead.
 */
export function SignedInProvider({ children }: { children: ReactNode }) {
  const { organizationId } = useSession();
  const me = useQuery<Me>(meQuery(organizationId));
  return createElement(SignedInContext.Provider, { value: { organizationId, me } }, children);
}

function useSignedIn(): SignedIn {
  const signedIn = useContext(SignedInContext);
  if (!signedIn) {
    // A page put outside the session check by mistake: the developer reads what is wrong in the console, the person
    // reads the plain words of any unexpected error (an Error's message reaches the page's error box).
    console.error('useMe and useOrganization are for signed-in pages, inside <SignedInProvider> (app/App.tsx)');
    throw new Error(i18next.t('errors.unknown'));
  }
  return signedIn;
}

export const useMe = (): UseQueryResult<Me> => useSignedIn().me;

/** The chosen organization and the caller's membership in it (once /api/auth/me has answered). */
export function useOrganization(): { organizationId: string; membership?: Membership } {
  const { organizationId, me } = useSignedIn();
  const membership = me.data?.memberships.find((m) => m.organizationId === organizationId);
  return { organizationId: organizationId ?? '', membership };
}
