/**
 * For the embedded store only (never loaded on Azure, where Cosmos DB plans its own queries from its index).
 *
 * Which documents a query of `@vercel/cosmosdb-server` can possibly return, read from the query's syntax tree
 * (the parser of its own engine, `@zeit/cosmosdb-query`): the top-level conjuncts of its WHERE clause that are
 * point lookups on a field of the document, `c.f = v`, `c.f IN (v, w)`, `ARRAY_CONTAINS([v, w], c.f)` or an OR of
 * such. A document that does not hold one of a conjunct's values cannot make the WHERE clause true (in the
 * engine's three-valued logic, AND is true only when every side is, OR only when one side is), so reading only the
 * documents an index finds for that conjunct returns exactly what the whole scan returns; the engine still
 * evaluates the full WHERE clause on them. Anything not recognised plans nothing, and the query scans as before.
 */
export type Primitive = string | number | boolean | null;

/**
 * The documents a condition can be true for: those whose `path` holds one of `values` (an empty list matches
 * none), the union of `anyOf` (an OR: every side bounded), or any one of `allOf` (an AND inside an OR: the
 * smallest side is chosen when the index tells the sizes).
 */
export type Lookup = { path: string; values: Primitive[] } | { anyOf: Lookup[] } | { allOf: Lookup[] };

export interface QueryPlan {
  /** One lookup per top-level conjunct that is one; a document must satisfy every one of them. */
  conjuncts: Lookup[];
  /** The name the documents go by in the query (`c` in `FROM c`). */
  alias: string;
  /**
   * The order the engine returns and pages the rows in, when the documents alone decide it: `[]` for `_rid` order
   * (no ORDER BY), or the ORDER BY's document fields; undefined with TOP, an aggregate or an ORDER BY of anything
   * else. With an order a page can be computed from the documents at and after the continuation's position, a
   * prefix at a time.
   */
  order?: { path: string; descending: boolean }[];
}

type Node = { type: string; [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
type Parameters = Map<string, unknown>;

const isPrimitive = (v: unknown): v is Primitive =>
  v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && !Number.isNaN(v));

/** The plan of a parsed query (`engine(sql).ast`, and the engine's generated code for the aggregate check). */
export function planQuery(
  ast: Node,
  code: string,
  parameters: { name: string; value: unknown }[] = [],
): QueryPlan | undefined {
  const body = ast?.type === 'sql' ? (ast.body as Node) : undefined;
  const alias = body?.type === 'select_query' ? rootAlias(body.from as Node | undefined) : undefined;
  if (!body || !alias) return undefined;
  const params: Parameters = new Map(parameters.map((p) => [p.name, p.value]));
  const conjuncts: Lookup[] = [];
  const where = body.where as Node | undefined;
  if (where?.type === 'filter_condition') {
    for (const conjunct of conjunctsOf(where.condition as Node)) {
      const lookup = lookupOf(conjunct, alias, params);
      if (lookup) conjuncts.push(lookup);
    }
  }
  return { conjuncts, alias, order: orderOf(body, code, alias) };
}

function orderOf(body: Node, code: string, alias: string): QueryPlan['order'] {
  const clauses = Object.keys(body).filter((key) => body[key] !== null && body[key] !== undefined);
  if (!clauses.every((key) => ['type', 'select', 'from', 'where', 'orderBy'].includes(key))) return undefined;
  if (code.includes('$a.')) return undefined; // an aggregate: one row of the whole
  const order: NonNullable<QueryPlan['order']> = [];
  for (const sort of ((body.orderBy as Node | undefined)?.expressions ?? []) as Node[]) {
    const path = pathOf(sort.expression as Node, alias);
    if (path === undefined) return undefined;
    order.push({ path, descending: String(sort.order).toUpperCase() === 'DESC' });
  }
  return order;
}

/** The name the documents go by: `FROM c`, `FROM root r`; undefined when the source is not the container itself. */
function rootAlias(from: Node | undefined): string | undefined {
  const source = from?.source as Node | undefined;
  const expression = source?.expression as Node | undefined;
  if (expression?.type !== 'collection_expression' || expression.expression?.type !== 'identifier') return undefined;
  return (source?.alias?.name as string | undefined) ?? (expression.expression.name as string);
}

function conjunctsOf(condition: Node): Node[] {
  if (condition.type === 'scalar_binary_expression' && condition.operator === 'AND') {
    return [...conjunctsOf(condition.left as Node), ...conjunctsOf(condition.right as Node)];
  }
  return [condition];
}

function lookupOf(node: Node, alias: string, params: Parameters): Lookup | undefined {
  if (node.type === 'scalar_binary_expression') {
    if (node.operator === 'OR') {
      const left = lookupOf(node.left as Node, alias, params);
      const right = left && lookupOf(node.right as Node, alias, params);
      return left && right ? { anyOf: [left, right] } : undefined;
    }
    // Inside an OR: any one side of an AND bounds it.
    if (node.operator === 'AND') {
      const sides = [lookupOf(node.left as Node, alias, params), lookupOf(node.right as Node, alias, params)];
      const bounded = sides.filter((side): side is Lookup => side !== undefined);
      return bounded.length === 0 ? undefined : bounded.length === 1 ? bounded[0] : { allOf: bounded };
    }
    if (node.operator !== '=') return undefined;
    return (
      pointLookup(node.left as Node, [node.right as Node], alias, params) ??
      pointLookup(node.right as Node, [node.left as Node], alias, params)
    );
  }
  if (node.type === 'scalar_in_expression') {
    return pointLookup(node.value as Node, node.list as Node[], alias, params);
  }
  if (node.type === 'scalar_function_expression' && node.name?.name?.toUpperCase() === 'ARRAY_CONTAINS') {
    const args = node.arguments as Node[];
    if (args.length !== 2) return undefined;
    const array = constantOf(args[0], params);
    if (!Array.isArray(array.value) || !array.value.every(isPrimitive)) return undefined;
    const path = pathOf(args[1], alias);
    return path === undefined ? undefined : { path, values: array.value };
  }
  return undefined;
}

/** `path` compared with constants: undefined unless `member` is a field path of the document and every value a primitive. */
function pointLookup(member: Node, candidates: Node[], alias: string, params: Parameters): Lookup | undefined {
  const path = pathOf(member, alias);
  if (path === undefined) return undefined;
  const values: Primitive[] = [];
  for (const candidate of candidates) {
    const constant = constantOf(candidate, params);
    if (!constant.known) return undefined;
    // A parameter that was not given is undefined: `=` with undefined is never true, so it adds no document.
    if (constant.value === undefined) continue;
    if (!isPrimitive(constant.value)) return undefined;
    values.push(constant.value);
  }
  return { path, values };
}

function constantOf(node: Node, params: Parameters): { known: boolean; value?: unknown } {
  switch (node.type) {
    case 'string_constant':
    case 'number_constant':
    case 'boolean_constant':
      return { known: true, value: node.value };
    case 'null_constant':
      return { known: true, value: null };
    case 'parameter_name':
      return { known: true, value: params.get(node.name as string) };
    default:
      return { known: false };
  }
}

/** `c.a.b` → `a.b` (plain, not computed, members of the document alias); undefined for anything else. */
export function pathOf(node: Node, alias: string): string | undefined {
  const keys: string[] = [];
  let current = node;
  while (current.type === 'scalar_member_expression' && !current.computed && current.property?.type === 'identifier') {
    keys.unshift(current.property.name as string);
    current = current.object as Node;
  }
  return keys.length > 0 && current.type === 'identifier' && current.name === alias ? keys.join('.') : undefined;
}

/** The value at `path` of a document, read as the engine reads a member (`typeof o === 'object' && o ? o[k] : undefined`). */
export function valueAt(doc: unknown, path: string): unknown {
  let value = doc;
  for (const key of path.split('.')) {
    value = typeof value === 'object' && value ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

export { isPrimitive };
