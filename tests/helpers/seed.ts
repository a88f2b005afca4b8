/**
 * The seeds: states no route can make today, each written by the area that owns it (tests/helpers/seeds/<area>.ts):
 * records older than a rule, records of features built elsewhere, drift a crash would leave, fault injection, and
 * the inspection helpers that read what no route shows. Everything a route can produce is set up through the API
 * (fixtures.ts, orders.ts, events.ts and the area helpers). This index only re-exports, so the tests keep one
 * import; a new seed goes into its area's module.
 */
export { injectStoreFault, type StoreOperation } from '../../shared/store/faults';
export * from './seeds/orders';
export * from './seeds/events';
export * from './seeds/capacity';
export * from './seeds/notifications';
export * from './seeds/sign-in';
export * from './seeds/pipeline';
export * from './seeds/inspection';
export * from './seeds/registrations';
export * from './seeds/delegations';
export * from './seeds/sales-in-bulk';
export * from './seeds/shared-events';
export * from './seeds/shared-event-capacity';
export * from './seeds/store-edits';
