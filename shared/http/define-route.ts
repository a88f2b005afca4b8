// Composition: generic capacity reaches the Shared Event engine through the interface it owns; loading the
// engine's port provides it (shared/domain/events/capacity/shared-seats.ts).
import '../domain/shared-events/capacity/seat-port';
import { insideFunctionsWorker } from '../functions-worker';
// Bootstrap, not a store call: the Functions worker opens the store once before the first request (eslint allows
// only `openStore` here).
import { openStore } from '../store/client';
import { registerRouteFunction, registerUnknownRouteFunction } from './functions-host';
import {
  recordRoute,
  type AnyRouteDeclaration,
  type OrganizationRouteDeclaration,
  type PartnerRouteDeclaration,
  type PlainRouteDeclaration,
  type SharedEventRouteDeclaration,
} from './route';

// Kept here for the callers that read them from the route module (the local host, the unit tests).

/**
 * The single place a route is declared: it records the route for the local host, the OpenAPI generator
 * and the tests, and registers the same route as an Azure Function when running inside the Functions worker.
 */
export function defineRoute<B = unknown, Q = Record<string, unknown>>(
  declaration: SharedEventRouteDeclaration<B, Q>,
): void;
export function defineRoute<B = unknown, Q = Record<string, unknown>>(declaration: PartnerRouteDeclaration<B, Q>): void;
export function defineRoute<B = unknown, Q = Record<string, unknown>>(
  declaration: OrganizationRouteDeclaration<B, Q>,
): void;
export function defineRoute<B = unknown, Q = Record<string, unknown>>(declaration: PlainRouteDeclaration<B, Q>): void;
export function defineRoute<B, Q>(
  declaration:
    | SharedEventRouteDeclaration<B, Q>
    | PartnerRouteDeclaration<B, Q>
    | OrganizationRouteDeclaration<B, Q>
    | PlainRouteDeclaration<B, Q>,
): void {
  // The pipeline hands each handler the grant its own scope resolved (resolveScope), which is what the typed
  // declarations promise; the route table keeps the general form.
  const route = recordRoute(declaration as AnyRouteDeclaration);
  if (insideFunctionsWorker()) registerRouteFunction(route, openStore);
}

/**
 * The lowest-precedence function answering every path no route takes (envelope 404) and every CORS preflight.
 * Only inside the worker: the local host answers both itself.
 */
export function defineUnknownRouteFunction(): void {
  if (insideFunctionsWorker()) registerUnknownRouteFunction();
}
