import { useQuery } from '@tanstack/react-query';
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
export const CAPABILITY_LABEL: Record<Capability, string> = {
  manageSharedDetails: 'Details',
  managePricing: 'Pricing',
  manageParticipants: 'Participants',
  manageCapacity: 'Capacity',
  manageOwners: 'Owners and grants',
  manageExternalSales: 'External sales',
  viewCombinedReports: 'Combined reports',
};
export const STATUS_TEXT: Record<string, string> = {
  draft: 'Draft',
  open: 'Open for sales',
  locked: 'Sales locked',
  cancelling: 'Being cancelled',
  cancelled: 'Cancelled',
  completed: 'Completed',
  invited: 'Invited',
  accepted: 'Accepted',
  active: 'Active',
  declined: 'Declined',
  left: 'Left',
  removed: 'Removed',
};

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
