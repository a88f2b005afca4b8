import { defineUnknownRouteFunction } from '../shared/http/define-route';

/** Under the Functions host: any path no route takes gets the envelope 404, and any preflight the app's CORS answer. */
defineUnknownRouteFunction();
