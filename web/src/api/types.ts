import type { Payload } from './client';
import type { paths } from './schema';

/**
 * Named shapes the pages use, all derived from the generated schema: when openapi.json gains named schemas only
 * this file changes.
 */
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;
type OkJson<R> = JsonOf<R[200 & keyof R]> | JsonOf<R[201 & keyof R]>;
export type ResponseData<P extends keyof paths, M extends Method> = paths[P][M] extends { responses: infer R }
  ? Payload<OkJson<R>>
  : never;
export type RequestBody<P extends keyof paths, M extends Method> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export type Me = ResponseData<'/api/auth/me', 'get'>;
export type Membership = Me['memberships'][number];
export type Role = Membership['role'];
export type ActiveEvent = NonNullable<ResponseData<'/api/events-active', 'get'>>;
export type TicketType = ActiveEvent['ticketTypes'][number];
export type Showtime = ActiveEvent['showtimes'][number];
export type CapacitySummary = ResponseData<'/api/events/{eventId}/capacity-summary', 'get'>;
export type Order = ResponseData<'/api/orders', 'get'>['items'][number];
export type OrderStatus = Order['status'];
export type HistoryItem = ResponseData<'/api/me/history', 'get'>['items'][number];
export type MyStats = ResponseData<'/api/me/stats', 'get'>;
export type Notification = ResponseData<'/api/notifications', 'get'>['items'][number];
export type Allocation = ResponseData<'/api/my-allocations', 'get'>['items'][number];
export type Pledge = NonNullable<ResponseData<'/api/events/{eventId}/my-pledge', 'get'>>;
export type OrgMember = ResponseData<'/api/allocations/members', 'get'>['items'][number];
export type TransferResult = ResponseData<'/api/orders/{id}/transfer', 'post'>;
export type FreeTicket = ResponseData<'/api/events/{eventId}/free-tickets', 'get'>['items'][number];
export type ExternalSale = ResponseData<'/api/management/events/{eventId}/external-sales', 'get'>['items'][number];
export type ExternalCorrection = ResponseData<
  '/api/management/external-sales/{id}/corrections',
  'get'
>['items'][number];
export type TicketLine = { ticketTypeId: string; quantity: number };

/** Roles in ascending order (the spec's `X+` notation). */
export const ROLES: Role[] = ['member', 'ticketManager', 'treasurer', 'admin'];
export const atLeast = (role: Role | undefined, minimum: Role) =>
  role !== undefined && ROLES.indexOf(role) >= ROLES.indexOf(minimum);

/** Tickets still in the member's hands: ordered minus sold minus returned (never below zero). */
/** The server's rule (docs/decisions/transfers.md): a delivered-or-later order with no soldQuantity counts as all sold. */
export function outstandingOf(order: Pick<Order, 'status' | 'totalQuantity' | 'soldQuantity' | 'returnedQuantity'>) {
  const reported = ['delivered', 'awaitingReconciliation', 'settled'].includes(order.status);
  const sold = order.soldQuantity ?? (reported ? order.totalQuantity : 0);
  return Math.max(0, order.totalQuantity - sold - (order.returnedQuantity ?? 0));
}
