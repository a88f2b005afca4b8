import { randomUUID } from 'node:crypto';
import type { Container } from '@azure/cosmos';
import { containers } from '../../shared/store/client';

/**
 * The hottest document on paper (docs/scaling.md): a showtime's capacity counter, which every sale of the
 * showtime patches. The simulation sells `capacity` seats with `sellers` concurrent sellers against the store,
 * through the SDK, on a counter split into 1, 4 or 16 shards (each shard holds its share of the seats; the
 * showtime's sold figure is the sum of its shards, the reconciling read), with two protocols:
 * - `conditional patch` (the service's): `incr sold` under the condition `c.sold + 1 <= c.capacity`, on a shard
 *   picked at random among those not yet seen full. It never loses a race; a 412 means "this shard is full"
 *   (a refusal while other shards still have seats: the price of sharding), and the sale tries another shard.
 * - `read + replace` (optimistic concurrency with ETags, what a store without conditional patches would need):
 *   a 412 on the replace is a lost race, a conflict, and the sale retries.
 * Conflicts per sale, refusals per sale, sales a second and the sold total (must equal the capacity) come out.
 */
export interface ShardRun {
  protocol: 'conditional patch' | 'read + replace';
  shards: number;
  sold: number;
  storedSold: number;
  conflictsPerSale: number;
  fullRefusalsPerSale: number;
  salesPerSecond: number;
  p99Ms: number;
}

type Shard = { id: string; pk: string; capacity: number; sold: number };

async function seedShards(container: Container, pk: string, shards: number, capacity: number) {
  const ids: string[] = [];
  for (let k = 0; k < shards; k += 1) {
    const id = `shard-${k}`;
    // The seats split evenly; the first shards take the remainder.
    const share = Math.floor(capacity / shards) + (k < capacity % shards ? 1 : 0);
    await container.items.create<Shard>({ id, pk, capacity: share, sold: 0, organizationId: pk } as Shard);
    ids.push(id);
  }
  return ids;
}

export async function simulateShards(
  protocol: ShardRun['protocol'],
  shards: number,
  options: { capacity: number; sellers: number },
): Promise<ShardRun> {
  const container = containers().orgs;
  const pk = `shard-sim-${randomUUID()}`;
  const ids = await seedShards(container, pk, shards, options.capacity);
  const open = new Set(ids);
  let sold = 0;
  let conflicts = 0;
  let refusals = 0;
  const latencies: number[] = [];
  const pick = () => [...open][Math.floor(Math.random() * open.size)];

  const sellOne = async (): Promise<boolean> => {
    for (;;) {
      const id = pick();
      if (id === undefined) return false; // sold out: every shard full
      const item = container.item(id, pk);
      try {
        if (protocol === 'conditional patch') {
          await item.patch({
            condition: 'from c where c.sold + 1 <= c.capacity',
            operations: [{ op: 'incr', path: '/sold', value: 1 }],
          });
          return true;
        }
        const { resource, etag } = await item.read<Shard>();
        if (!resource || resource.sold >= resource.capacity) {
          refusals += 1;
          open.delete(id);
          continue;
        }
        await item.replace(
          { ...resource, sold: resource.sold + 1 },
          { accessCondition: { type: 'IfMatch', condition: etag } },
        );
        return true;
      } catch (error) {
        if ((error as { code?: number }).code !== 412) throw error;
        if (protocol === 'conditional patch') {
          refusals += 1;
          open.delete(id);
        } else conflicts += 1;
      }
    }
  };

  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.sellers }, async () => {
      for (;;) {
        const t0 = performance.now();
        if (!(await sellOne())) return;
        latencies.push(performance.now() - t0);
        sold += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  // The reconciling sum: the showtime's sold figure is the sum of its shards.
  const { resources } = await container.items
    .query<number>(
      { query: 'SELECT VALUE c.sold FROM c WHERE c.organizationId = @pk', parameters: [{ name: '@pk', value: pk }] },
      { partitionKey: pk },
    )
    .fetchAll();
  return {
    protocol,
    shards,
    sold,
    storedSold: resources.reduce((a, b) => a + b, 0),
    conflictsPerSale: conflicts / Math.max(sold, 1),
    fullRefusalsPerSale: refusals / Math.max(sold, 1),
    salesPerSecond: sold / seconds,
    p99Ms: latencies[Math.min(latencies.length - 1, Math.floor(0.99 * latencies.length))] ?? 0,
  };
}
