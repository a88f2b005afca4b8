import type { PartnerGrant } from '../delegations/partner-access';
import type { Principal } from '../users/principal';
import { reportSoldAs } from '../orders/report-sold';
import { recordReturnAs } from '../orders/returns';
import type { ReportSoldBody, ReturnBody } from '../orders/schemas';
import { contextOf, isPartnerManager } from './context';
import { toPartnerOrderResponse } from './mapper';
import { assertBuyerOrManager, assertPartnersOrder, assertPermission, assertReturnAllowedNow } from './rules';

/**
 * report-sold and report-returned on the partner side (docs/decisions/delegated-orders.md): the owner-side operations themselves (same
 * body, rules, atomic capacity gate and store calls), with the partner's authority in place of the owner's: on
 * every (re)read the order must still be the partner's under this delegation, and the caller its buyer or the
 * partner's Ticket Manager+. The scope re-read the live delegation for this request.
 */
export async function reportDelegatedSold(
  principal: Principal,
  grant: PartnerGrant,
  orderId: string,
  body: ReportSoldBody,
) {
  assertPermission(grant.delegation.permissions, 'canReportSoldReturned');
  const ctx = contextOf(grant);
  const manager = isPartnerManager(principal);
  const saved = await reportSoldAs(ctx.ownerOrganizationId, orderId, body, (order) => {
    assertPartnersOrder(order, ctx);
    assertBuyerOrManager(order, principal.userId, manager);
  });
  return toPartnerOrderResponse(saved);
}

/** The date check is waived only for the partner's Ticket Manager+ acting for a member. */
export async function reportDelegatedReturn(
  principal: Principal,
  grant: PartnerGrant,
  orderId: string,
  body: ReturnBody,
) {
  assertPermission(grant.delegation.permissions, 'canReportSoldReturned');
  const ctx = contextOf(grant);
  const manager = isPartnerManager(principal);
  const saved = await recordReturnAs(ctx.ownerOrganizationId, orderId, body, (order) => {
    assertPartnersOrder(order, ctx);
    assertBuyerOrManager(order, principal.userId, manager);
    assertReturnAllowedNow(order, manager);
  });
  return toPartnerOrderResponse(saved);
}
