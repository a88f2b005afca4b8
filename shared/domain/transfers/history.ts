import type { OrderStatus } from '../orders/model';
import { historyLink, historyTab } from './rules';

/** The TransferHistory entry of docs/decisions/transfers.md, stored on the source order (and on a partial transfer's destination). */
export interface TransferHistoryEntry {
  fromUserId: string;
  fromUserName: string;
  toUserId: string;
  toUserName: string;
  transferredBy: string;
  transferredByName: string;
  transferredAt: string;
  reason?: string;
  quantity: number;
  delegatedOrigin?: Record<string, unknown>;
  transferRequestId: string;
  requestPayloadKey: string;
  transferType: 'full' | 'partial';
  sourceOrderId: string;
  sourceOrderStatusAtTransfer: OrderStatus;
  sourceRemainingQuantityAtTransfer: number;
  resultOrderId: string;
  resultOrderStatusAtTransfer: OrderStatus;
  resultQuantityAtTransfer: number;
}

export const findEntry = (history: unknown[] | undefined, transferRequestId: string) =>
  (history as TransferHistoryEntry[] | undefined)?.find(
    (entry) => entry.transferRequestId?.toLowerCase() === transferRequestId.toLowerCase(),
  );

/**
 * The flat TransferResult, built only from the stored history entry: a replay therefore answers exactly
 * what the first request answered, whatever happened to the orders since.
 */
export function transferResult(entry: TransferHistoryEntry) {
  const full = entry.transferType === 'full';
  const sourceTab = historyTab(entry.sourceOrderStatusAtTransfer);
  const resultTab = historyTab(entry.resultOrderStatusAtTransfer);
  return {
    transferType: entry.transferType,
    quantity: entry.quantity,
    recipientUserId: entry.toUserId,
    recipientName: entry.toUserName,
    sourceOrderId: entry.sourceOrderId,
    sourceOrderStatus: entry.sourceOrderStatusAtTransfer,
    sourceRemainingQuantity: entry.sourceRemainingQuantityAtTransfer,
    sourceHistoryTab: sourceTab,
    sourceActionUrl: historyLink(sourceTab, entry.sourceOrderId, full),
    resultOrderId: entry.resultOrderId,
    resultOrderStatus: entry.resultOrderStatusAtTransfer,
    resultQuantity: entry.resultQuantityAtTransfer,
    resultHistoryTab: resultTab,
    resultActionUrl: historyLink(resultTab, entry.resultOrderId),
  };
}

export type TransferResult = ReturnType<typeof transferResult>;
