import { sharedEventScope } from '../shared/auth/scope';
import { defineRoute } from '../shared/http/define-route';
import {
  combinedReportQuery,
  combinedReportResponse,
  participantReportQuery,
  participantReportResponse,
} from '../shared/domain/shared-events/reports/schemas';
import {
  combinedSharedEventReport,
  participantSharedEventReport,
  type ParticipantReportQuery,
} from '../shared/domain/shared-events/reports/read-reports';

/**
 * Shared Event reports (docs/shared-events.md "reporting, channels, operations"). Reads only: not behind the Shared Events switch
 * and never restricted by organization mode (rule 5). Every figure is summed from the sales read-model of each
 * participant's projection, so it agrees with that participant's dashboard to the ticket and the cent.
 */
const tags = ['shared-events'];

defineRoute({
  name: 'shared-event-reports-combined',
  method: 'GET',
  route: 'shared-events/{sharedEventId}/reports/combined',
  // Owners hold every capability; anyone else needs a grant naming viewCombinedReports, whatever their role.
  scope: sharedEventScope({ sharedEventParam: 'sharedEventId', role: 'member', capability: 'viewCombinedReports' }),
  tags,
  summary:
    'Combined report (owner, viewCombinedReports or Super Admin): per showtime the capacity counters and the ' +
    'sales summed over organizations, per organization its sales, and grand totals',
  query: combinedReportQuery,
  response: combinedReportResponse,
  handler: ({ grant }) => combinedSharedEventReport(grant),
});

defineRoute<unknown, ParticipantReportQuery>({
  name: 'shared-event-reports-participant',
  method: 'GET',
  route: 'shared-events/{sharedEventId}/reports/participant',
  scope: sharedEventScope({ sharedEventParam: 'sharedEventId', role: 'member' }),
  tags,
  summary:
    "One organization's report: its own by default (Ticket Manager+ of a participant, or an owner); an owner or " +
    'Super Admin may name any roster organization with participantOrganizationId',
  query: participantReportQuery,
  response: participantReportResponse,
  errors: ['VALIDATION_ERROR'],
  handler: ({ principal, grant, query }) => participantSharedEventReport(principal, grant, query),
});
