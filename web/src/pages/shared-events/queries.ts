import { useQuery } from '@tanstack/react-query';
import { i18next } from '../../i18n';
import { http, unwrap } from '../../api/instance';
import type { ResponseData } from '../../api/types';
import { useOrganization } from '../../data/session-hooks';

export type SharedEvent = ResponseData<'/api/shared-events/{sharedEventId}', 'get'>;
export type SharedCapacity = ResponseData<'/api/shared-events/{sharedEventId}/capacity', 'get'>;
export const CAPABILITIES = [
  'manageSharedDetails',
  'managePricing',
  'manageParticipants',
  'manageCapacity',
  'manageOwners',
  'manageExternalSales',
  'viewCombinedReports',
] as const;
export type Capability = (typeof CAPABILITIES)[number];
/** A capability in the person's language ("Owners and grants"); an unknown one as the API names it. */
export const capabilityLabel = (capability: string) =>
  i18next.t(`sharedEvents.capability.${capability}`, { defaultValue: capability });
/** A Shared Event's or a participant's status in the person's language ("Open for sales", "Invited"). */
export const sharedStatus = (status: string) => i18next.t(`sharedEvents.status.${status}`, { defaultValue: status });

export function useSharedEvent(sharedEventId: string | undefined) {
  const { organizationId } = useOrganization();
  return useQuery({
    queryKey: [organizationId, 'shared-event', sharedEventId],
    queryFn: () =>
      unwrap(
        http.GET('/api/shared-events/{sharedEventId}', {
          params: { path: { sharedEventId: sharedEventId! }, query: { organizationId } },
        }),
      ),
    enabled: Boolean(organizationId && sharedEventId),
  });
}

export function useSharedCapacity(sharedEventId: string | undefined) {
  const { organizationId } = useOrganization();
  return useQuery({
    queryKey: [organizationId, 'shared-capacity', sharedEventId],
    queryFn: () =>
      unwrap(
        http.GET('/api/shared-events/{sharedEventId}/capacity', {
          params: { path: { sharedEventId: sharedEventId! }, query: { organizationId } },
        }),
      ),
    enabled: Boolean(organizationId && sharedEventId),
  });
}

/** The caller may do this on the Shared Event (its `viewer.capabilities`, which owners hold in full). */
export const can = (event: SharedEvent, capability: Capability) =>
  event.viewer?.capabilities.includes(capability) ?? false;
