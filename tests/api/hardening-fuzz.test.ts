import fc from 'fast-check';
import { registeredRoutes, type AnyRoute } from '../../shared/http/route';
import { injectStoreFault, type StoreOperation } from '../helpers/seed';
import { TestHost, type ApiResponse } from '../helpers/harness';
import {
  authorizedCaller,
  buildRouteWorld,
  fillRoute,
  pathParamsOf,
  refreshTokens,
  scopedQuery,
  storeDiff,
  storeFingerprint,
  type RouteWorld,
} from '../helpers/route-world';
import {
  CONTROL_TEXTS,
  dotSegmentTargets,
  freeTextProperties,
  isAuthenticated,
  rawRequest,
} from '../helpers/conventions';
import {
  HOSTILE_PATH_IDS,
  arbitraryOf,
  hostileBodies,
  hostileQueries,
  sampleOf,
  type BodyCase,
  type Hints,
} from '../helpers/schema-arbitrary';

/**
 * The fuzzer (issue 15): every route of the table, as its fully authorized caller with real ids in the path, gets
 * bodies and queries generated from its own ajv schemas (fast-check, seeded) and hostile ones: wrong types, missing
 * and null fields, unknown fields, 100 KB strings, 100k-item arrays, nesting depth 5,000, `__proto__` and
 * `constructor` keys, NUL, lone surrogates, bidi characters, -1, 0.5, 1e308, -0, 2^53+1, malformed JSON, a BOM,
 * other content types, malformed `limit` and `continuationToken`, hostile path ids. Every answer must be the
 * envelope with a 2xx or a 4xx; a 4xx must write nothing: the whole store (every container, ids and ETags, the
 * rate-limit buckets and the failed-code counter of a login challenge aside) is compared around each 4xx of a write
 * route. A refused GET is compared when the store fault hook (which sees every store call) saw it attempt a write;
 * the attempts are named in a violation. An attempt alone is no violation: a create-if-absent that meets a conflict
 * or a conditional patch that is refused writes nothing. Every hostile class is sent at least once per run.
 *
 * Budget: FUZZ_RUNS=n (default 2) generated valid requests per route; with FUZZ_RUNS set every hostile case of
 * every route is sent, otherwise a seeded sample of FUZZ_CASES (default 5) hostile bodies, 2 queries and 1 path
 * id per parameter. FUZZ_SEED changes the seed.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2);
const EXHAUSTIVE = process.env.FUZZ_RUNS !== undefined;
const BODY_CASES = Number(process.env.FUZZ_CASES ?? 5);
const SEED = Number(process.env.FUZZ_SEED ?? 15);

let api: TestHost;
let w: RouteWorld;
const figures = { routes: new Set<string>(), requests: 0, fourXx: 0, twoXx: 0, storeCompares: 0 };
const violations: string[] = [];

/** Store writes attempted during the current request (rate-limit buckets aside), seen through the fault hook. */
let writes: StoreOperation[] = [];
const WRITE_KINDS = new Set(['create', 'replace', 'upsert', 'patch', 'delete', 'batch']);
const isRateBucket = (op: StoreOperation) => (op.id ?? '').startsWith('rate-');

beforeAll(async () => {
  api = await TestHost.start();
  w = await buildRouteWorld(api);
  injectStoreFault((op) => {
    if (WRITE_KINDS.has(op.kind) && !isRateBucket(op)) writes.push(op);
    return false;
  });
}, 300_000);
afterAll(async () => {
  injectStoreFault(undefined);
  await api?.close();
  console.log(
    `fuzz figures: ${figures.routes.size} routes, ${figures.requests} requests ` +
      `(${figures.twoXx} 2xx, ${figures.fourXx} 4xx), ${sentKinds.size}/${offeredKinds.size} hostile classes sent, ` +
      `${figures.storeCompares} whole-store compares, ` +
      `${violations.length} violations`,
  );
  if (violations.length > 0) console.log(violations.join('\n'));
});

/** Real values for body fields named like the world's ids, so generated bodies reach past "not found". */
function hints(): Hints {
  return {
    eventId: [w.ids.eventId],
    showtimeId: [w.ids.showtimeId],
    ticketTypeId: w.ids.ticketTypeIds,
    userId: [w.f.member.id],
    buyerUserId: [w.partner.member.id],
    userIds: [[w.f.member2.id]],
    organizationId: [w.f.orgId],
    sharedEventId: [w.ids.sharedEventId],
    orderIds: [[w.ids.orderId]],
    email: [w.f.member2.email],
    role: ['member'],
  };
}

/** GETs first, then creations, changes, deletions; within a phase the deepest paths first, so a deletion of a
 * broad resource (an organization, a Shared Event) comes after the deletions of what it holds. */
const PHASE: Record<string, number> = { GET: 0, POST: 1, PUT: 2, PATCH: 2, DELETE: 3 };
const depth = (r: AnyRoute) => r.route.split('/').length;
const ordered = () => [...registeredRoutes()].sort((a, b) => PHASE[a.method] - PHASE[b.method] || depth(b) - depth(a));

interface Case {
  label: string;
  path: string;
  query: Record<string, string>;
  raw?: string;
  contentType?: string;
}

/** Every hostile class offered (all kinds of every route's lists) and every class sent at least once. */
const offeredKinds = new Set<string>();
const sentKinds = new Set<string>();

/**
 * `count` of `items` for one route: classes not sent yet on any route first, then a seeded shuffle; so the default
 * budget still sends every hostile class somewhere, and FUZZ_RUNS sends them all everywhere.
 */
function pick<T>(items: T[], kindOf: (item: T) => string, count: number, salt: number): T[] {
  for (const item of items) offeredKinds.add(kindOf(item));
  let chosen = items;
  if (!EXHAUSTIVE && items.length > count) {
    const shuffled = fc.sample(fc.shuffledSubarray(items, { minLength: items.length, maxLength: items.length }), {
      seed: SEED + salt,
      numRuns: 1,
    })[0];
    chosen = [];
    for (const item of shuffled)
      if (chosen.length < count && !sentKinds.has(kindOf(item)) && !chosen.some((c) => kindOf(c) === kindOf(item)))
        chosen.push(item);
    for (const item of shuffled) if (chosen.length < count && !chosen.includes(item)) chosen.push(item);
  }
  for (const item of chosen) sentKinds.add(kindOf(item));
  return chosen;
}

function casesOf(route: AnyRoute, salt: number): Case[] {
  const caller = authorizedCaller(w, route);
  const scoped = scopedQuery(route, caller);
  const path = fillRoute(w, route);
  const h = hints();
  const queryArb = route.query ? arbitraryOf(route.query, h) : fc.constant({});
  const stringify = (q: unknown) =>
    Object.fromEntries(
      Object.entries((q ?? {}) as Record<string, unknown>).map(([k, v]) => [
        k,
        typeof v === 'string' ? v : JSON.stringify(v),
      ]),
    );
  const cases: Case[] = [];
  const validQueries = fc.sample(queryArb, { seed: SEED + salt, numRuns: RUNS }).map(stringify);
  const takesJson = route.method !== 'GET' && route.bodyType !== 'csv' && route.body;
  const validBodies = takesJson
    ? fc.sample(arbitraryOf(route.body!, h), { seed: SEED + salt, numRuns: RUNS }).map((b) => JSON.stringify(b))
    : route.bodyType === 'csv'
      ? ['email,name,role\nfuzz@example.org,Fuzz,member\n']
      : [undefined];
  for (let i = 0; i < RUNS; i += 1) {
    cases.push({
      label: `generated #${i}`,
      path,
      query: { ...validQueries[i], ...scoped },
      raw: validBodies[i % validBodies.length],
      contentType: route.bodyType === 'csv' ? 'text/csv' : undefined,
    });
  }
  const baseQuery = { ...scoped };
  for (const [label, q] of pick(hostileQueries(route.query), ([label]) => label, 2, salt + 1))
    cases.push({ label: `query ${label}`, path, query: { ...baseQuery, ...q } });
  if (takesJson) {
    const sample = (sampleOf(route.body!, h, SEED + salt) ?? {}) as Record<string, unknown>;
    for (const body of pick(hostileBodies(route.body!, sample), (b) => b.kind, BODY_CASES, salt + 2))
      cases.push(bodyCase(route, path, baseQuery, body));
  } else if (route.bodyType === 'csv') {
    for (const body of csvBodies()) cases.push(bodyCase(route, path, baseQuery, body));
  }
  for (const param of pathParamsOf(route)) {
    for (const [label, id] of pick(HOSTILE_PATH_IDS, ([label]) => `path ${label}`, 1, salt + 3 + param.length)) {
      cases.push({
        label: `path {${param}} ${label}`,
        path: fillRoute(w, route, { [param]: id }),
        query: baseQuery,
        raw: route.method === 'GET' ? undefined : (validBodies[0] ?? '{}'),
        contentType: route.bodyType === 'csv' ? 'text/csv' : undefined,
      });
    }
  }
  return cases;
}

const bodyCase = (route: AnyRoute, path: string, query: Record<string, string>, body: BodyCase): Case => ({
  label: `body ${body.name}`,
  path,
  query,
  raw: body.raw,
  contentType: body.contentType,
});

const csvBodies = (): BodyCase[] => [
  {
    name: 'csv 100 KB cell',
    kind: 'csv',
    raw: `email,name,role\n${'x'.repeat(100 * 1024)},a,member\n`,
    contentType: 'text/csv',
  },
  {
    name: 'csv NUL and bidi',
    kind: 'csv',
    raw: 'email,name,role\na\u0000@x.org,\u202Eevil,member\n',
    contentType: 'text/csv',
  },
  { name: 'csv BOM only header', kind: 'csv', raw: '\uFEFFemail,name,role\n', contentType: 'text/csv' },
  { name: 'csv as json', kind: 'csv', raw: '{"a":1}', contentType: 'application/json' },
  { name: 'csv formula', kind: 'csv', raw: 'email,name,role\n=cmd(),@SUM(A1),member\n', contentType: 'text/csv' },
];

/** The envelope: `{ success: true, data }` on a 2xx (bare and file answers as declared), `{ success: false, error,
 * message }` on a 4xx. */
function envelopeProblem(route: AnyRoute, res: ApiResponse): string | undefined {
  if (res.status >= 500) return `${res.status} ${res.text.slice(0, 200)}`;
  if (res.status < 200 || (res.status >= 300 && res.status < 400)) return `unexpected status ${res.status}`;
  if (res.status >= 400) {
    const b = res.body as { success?: unknown; error?: unknown; message?: unknown } | undefined;
    if (!b || b.success !== false || typeof b.error !== 'string' || typeof b.message !== 'string')
      return `${res.status} without the error envelope: ${res.text.slice(0, 200)}`;
    return undefined;
  }
  if (route.fileResponse || route.bareResponse || !res.text) return undefined;
  if ((res.body as { success?: unknown })?.success !== true) return `${res.status} without success: true`;
  return undefined;
}

/**
 * The one write a refusal makes by design: a wrong login code is counted on the pending login challenge (and the
 * challenge is dropped at the limit), so codes cannot be guessed. Nothing else may change on a 4xx.
 */
const countsAFailedAttempt = (res: ApiResponse, change: string) =>
  res.body?.error === 'INVALID_LOGIN' && /^[~-]auth\/login-/.test(change);

async function send(route: AnyRoute, c: Case, before: Map<string, string>): Promise<Map<string, string>> {
  const caller = authorizedCaller(w, route);
  writes = [];
  let res: ApiResponse;
  figures.requests += 1;
  const where = `${route.method} ${route.route} [${c.label}]`;
  try {
    res = await api.request(route.method, c.path, {
      token: caller.token,
      query: c.query,
      rawBody: c.raw,
      headers: c.raw !== undefined ? { 'content-type': c.contentType ?? 'application/json' } : {},
    });
  } catch (error) {
    // the harness's response contract (schema drift of a 2xx, an error body off the published envelope)
    violations.push(`${where}: ${String(error).slice(0, 300)}`);
    return storeFingerprint();
  }
  const problem = envelopeProblem(route, res);
  if (problem) violations.push(`${where}: ${problem}`);
  if (res.status >= 400 && res.status < 500) {
    figures.fourXx += 1;
    // A GET reads only: when the fault hook saw no write attempt, the store cannot have changed.
    if (route.method === 'GET' && writes.length === 0) return before;
    const after = await storeFingerprint();
    figures.storeCompares += 1;
    const diff = storeDiff(before, after).filter((d) => !countsAFailedAttempt(res, d));
    if (diff.length > 0) {
      const attempted = writes.map((o) => `${o.kind} ${o.container}/${o.id}`).join(', ');
      violations.push(
        `${where}: ${res.status} ${res.body?.error} but wrote ${diff.join(', ')} (attempted: ${attempted})`,
      );
    }
    return after;
  }
  figures.twoXx += 1;
  if (route.method === 'GET') return before;
  await refreshTokens(w);
  return storeFingerprint();
}

/**
 * The conventions of issue 22 on every route of the table, first, on the fresh world (none of these requests may
 * write anything): a dot segment in the path is 400 before routing; control characters and unpaired surrogates in
 * any free-text field (body or query) are 400 naming the field; every authenticated route takes `?organizationId`
 * (an unknown parameter beside it is still refused, naming only itself), and one naming another organization than
 * the path is 400 ORGANIZATION_MISMATCH.
 */
describe('conventions on every route', () => {
  const attempted = () => writes.filter((op) => op.container !== 'users');

  it('refuses a dot segment in the path of every route with 400 VALIDATION_ERROR and writes nothing', async () => {
    const failures: string[] = [];
    for (const route of registeredRoutes()) {
      const caller = authorizedCaller(w, route);
      const body = route.body && route.bodyType !== 'csv' ? '{}' : undefined;
      for (const target of dotSegmentTargets(fillRoute(w, route), scopedQuery(route, caller))) {
        writes = [];
        figures.requests += 1;
        const res = await rawRequest(api, route.method, target, { token: caller.token, body });
        if (res.status !== 400 || res.body?.error !== 'VALIDATION_ERROR')
          failures.push(`${route.method} ${target}: ${res.status} ${res.text.slice(0, 120)}`);
        if (attempted().length > 0)
          failures.push(`${route.method} ${target}: attempted ${attempted().map((o) => o.id)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses control characters in every free-text body and query field with 400 naming it, and writes nothing', async () => {
    const failures: string[] = [];
    let fields = 0;
    for (const route of registeredRoutes()) {
      const caller = authorizedCaller(w, route);
      const path = fillRoute(w, route);
      // A route of no organization scope that still requires one names A's (a super admin's audit of A).
      const requires = ((route.query?.required as string[] | undefined) ?? []).includes('organizationId');
      const scoped = { ...(requires ? { organizationId: w.f.orgId } : {}), ...scopedQuery(route, caller) };
      const takesJson = route.method !== 'GET' && route.body && route.bodyType !== 'csv';
      const sample = takesJson ? ((sampleOf(route.body!, hints(), SEED) ?? {}) as Record<string, unknown>) : {};
      const cases: { field: string; query: Record<string, string>; body?: unknown }[] = [];
      for (const [i, field] of freeTextProperties(takesJson ? route.body : undefined).entries())
        cases.push({ field, query: scoped, body: { ...sample, [field]: CONTROL_TEXTS[i % CONTROL_TEXTS.length][1] } });
      for (const [i, field] of freeTextProperties(route.query).entries())
        cases.push({
          field,
          query: { ...scoped, [field]: CONTROL_TEXTS[i % CONTROL_TEXTS.length][1] },
          ...(takesJson ? { body: sample } : {}),
        });
      for (const c of cases) {
        fields += 1;
        writes = [];
        figures.requests += 1;
        const res = await api.request(route.method, path, { token: caller.token, query: c.query, body: c.body });
        const named = (res.body?.details ?? []).some((d: { path: string }) => d.path === `/${c.field}`);
        if (res.status !== 400 || res.body?.error !== 'VALIDATION_ERROR' || !named)
          failures.push(`${route.method} ${route.route} /${c.field}: ${res.status} ${res.text.slice(0, 160)}`);
        if (attempted().length > 0)
          failures.push(`${route.method} ${route.route}: attempted ${attempted().map((o) => o.id)}`);
      }
    }
    console.log(`control characters: ${fields} free-text fields`);
    expect(fields).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  }, 300_000);

  it('takes organizationId on every authenticated route; another one beside a path naming the organization is 400 ORGANIZATION_MISMATCH', async () => {
    const failures: string[] = [];
    for (const route of registeredRoutes().filter(isAuthenticated)) {
      const caller = authorizedCaller(w, route);
      const path = fillRoute(w, route);
      const named = route.pathOrganizationParam
        ? decodeURIComponent(path.split('/')[route.route.split('/').indexOf(`{${route.pathOrganizationParam}}`)])
        : undefined;
      const own = caller.orgId ?? named ?? w.f.orgId;
      const body = route.body && route.bodyType !== 'csv' ? {} : undefined;
      writes = [];
      figures.requests += 2;
      // Accepted: an unknown parameter beside it is the only one refused.
      const accepted = await api.request(route.method, path, {
        token: caller.token,
        query: { organizationId: own, zzUnknown: '1' },
        body,
      });
      const paths = (accepted.body?.details ?? []).map((d: { path: string }) => d.path);
      if (accepted.status !== 400 || !paths.includes('/zzUnknown') || paths.includes('/organizationId'))
        failures.push(
          `${route.method} ${route.route} own organizationId: ${accepted.status} ${accepted.text.slice(0, 160)}`,
        );
      if (route.pathOrganizationParam) {
        const other = await api.request(route.method, path, {
          token: caller.token,
          query: { organizationId: w.stranger.orgId },
          body,
        });
        if (other.status !== 400 || other.body?.error !== 'ORGANIZATION_MISMATCH')
          failures.push(
            `${route.method} ${route.route} other organizationId: ${other.status} ${other.text.slice(0, 160)}`,
          );
      }
      if (attempted().length > 0)
        failures.push(`${route.method} ${route.route}: attempted ${attempted().map((o) => o.id)}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('fuzzing every route', () => {
  it('has a provider for every path parameter of every route (a new parameter name fails here)', () => {
    const missing: string[] = [];
    for (const route of registeredRoutes()) {
      try {
        fillRoute(w, route);
      } catch (error) {
        missing.push(String(error));
      }
    }
    expect(missing).toEqual([]);
  });

  it('answers every generated and hostile request with the envelope, 2xx or 4xx, and a 4xx writes nothing', async () => {
    let before = await storeFingerprint();
    let salt = 0;
    for (const route of ordered()) {
      salt += 1;
      figures.routes.add(`${route.method} ${route.route}`);
      for (const c of casesOf(route, salt)) before = await send(route, c, before);
    }
    expect(violations).toEqual([]);
    expect([...offeredKinds].filter((kind) => !sentKinds.has(kind))).toEqual([]);
  }, 600_000);
});
