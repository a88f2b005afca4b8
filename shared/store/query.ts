import type { SqlParameter, SqlQuerySpec } from '@azure/cosmos';
import { containers, CONTAINERS, type ContainerName } from './client';
import { queryAll, queryOnePage } from './operations';
import { queryPage, type Page } from './pagination';

/**
 * A query builder that cannot forget the partition: `inPartition` writes the partition key into the WHERE
 * clause as well as into the request options (the embedded store ignores the option, Cosmos DB honours it, so
 * naming it in both keeps a query single-partition on both). A read across partitions is a separate, named
 * entry point (`acrossPartitions`) so it stands out in review.
 *
 *   inPartition('orgs', orgId).where('c.docType = @t', { '@t': 'order' }).orderBy('c.createdAt DESC').all<OrderDoc>()
 */
export class PartitionQuery {
  private readonly conditions: string[] = [];
  private readonly parameters: SqlParameter[] = [];
  private projection = '*';
  private ordering = '';

  constructor(
    readonly container: ContainerName,
    /** undefined: a deliberate cross-partition query (built only through `acrossPartitions`). */
    readonly partitionKey: string | undefined,
  ) {
    if (partitionKey !== undefined) {
      const field = CONTAINERS[container].path.slice(1);
      this.conditions.push(`c.${field} = @partitionKey`);
      this.parameters.push({ name: '@partitionKey', value: partitionKey });
    }
  }

  /** `SELECT VALUE COUNT(1)`, `c.id, c.status`, ... (default `*`). */
  select(projection: string): this {
    this.projection = projection;
    return this;
  }

  /** Adds `AND (clause)`; `params` names its parameters (`{ '@status': 'pending' }`). */
  where(clause: string, params: Record<string, unknown> = {}): this {
    this.conditions.push(`(${clause})`);
    for (const [name, value] of Object.entries(params)) {
      if (name === '@partitionKey') throw new Error('@partitionKey is reserved for the partition condition');
      this.parameters.push({ name, value: value as SqlParameter['value'] });
    }
    return this;
  }

  /** Adds the clause only when `when` holds: optional list filters. */
  whereIf(when: unknown, clause: string, params: Record<string, unknown> = {}): this {
    return when === undefined || when === false || when === '' ? this : this.where(clause, params);
  }

  orderBy(ordering: string): this {
    this.ordering = ordering;
    return this;
  }

  spec(): SqlQuerySpec {
    const where = this.conditions.length ? ` WHERE ${this.conditions.join(' AND ')}` : '';
    const order = this.ordering ? ` ORDER BY ${this.ordering}` : '';
    return { query: `SELECT ${this.projection} FROM c${where}${order}`, parameters: [...this.parameters] };
  }

  /** Every result, page by page (each page one counted store call). */
  all<T>(pageSize = 1000): Promise<T[]> {
    return queryAll<T>(containers()[this.container], this.partitionKey, this.spec(), pageSize);
  }

  /**
   * Every result as a stream of pages (each page one counted store call), for readers that fold or forward rows
   * as they come (dashboards, exports) instead of holding the whole result.
   */
  async *pages<T>(pageSize = 1000): AsyncGenerator<T[]> {
    let continuation: string | undefined;
    do {
      const page = await queryOnePage<T>(
        containers()[this.container],
        this.partitionKey,
        this.spec(),
        pageSize,
        continuation,
      );
      if (page.items.length > 0) yield page.items;
      continuation = page.sdkContinuation;
    } while (continuation);
  }

  /** The first page only: `TOP`-style reads and existence checks. */
  async first<T>(maxItems = 1): Promise<T[]> {
    const page = await queryOnePage<T>(containers()[this.container], this.partitionKey, this.spec(), maxItems);
    return page.items;
  }

  /** One page for a list endpoint, with the opaque continuation token. */
  page<T>(limit: number, continuationToken?: string): Promise<Page<T>> {
    return queryPage<T>(containers()[this.container], this.partitionKey, this.spec(), limit, continuationToken);
  }
}

/** A query inside one partition: the partition key is both in the WHERE clause and the request options. */
export const inPartition = (container: ContainerName, partitionKey: string) =>
  new PartitionQuery(container, partitionKey);

/**
 * A deliberate fan-out over every partition of a container (the caller's memberships, super-admin lists,
 * cleanup). Name the reason at the call site; each one costs a request per physical partition on Cosmos DB.
 */
export const acrossPartitions = (container: ContainerName) => new PartitionQuery(container, undefined);
