import { containers } from '../../store/client';
import { readItem, replaceItem } from '../../store/operations';
import { type Stored } from '../../store/outcomes';
import { orderSortKey, type OrderDoc } from './model';

export async function getOrder(organizationId: string, orderId: string): Promise<Stored<OrderDoc> | undefined> {
  const doc = await readItem<OrderDoc>(containers().orgs, organizationId, orderId);
  return doc?.docType === 'order' ? doc : undefined;
}

export function saveOrder(order: Stored<OrderDoc>): Promise<Stored<OrderDoc>> {
  return replaceItem(
    containers().orgs,
    order.organizationId,
    { ...order, sortKey: orderSortKey(order), updatedAt: new Date().toISOString() },
    order._etag,
  );
}
