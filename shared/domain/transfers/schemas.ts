import { serialList } from '../tickets/schemas';
import { idString, object, positiveInt, shortText, uuidString } from '../vocabulary/schema-parts';

export const transferBody = object(
  {
    toUserId: idString,
    transferRequestId: uuidString,
    tickets: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: object({ ticketTypeId: idString, quantity: positiveInt }, ['ticketTypeId', 'quantity']),
    },
    quantity: positiveInt,
    reason: shortText(1000),
    serials: serialList('The tickets that move (default: the highest-numbered issued tickets of each moving type)'),
  },
  ['toUserId', 'transferRequestId'],
  { anyOf: [{ required: ['tickets'] }, { required: ['quantity'] }] },
);

export interface TransferBody {
  toUserId: string;
  transferRequestId: string;
  tickets?: { ticketTypeId: string; quantity: number }[];
  quantity?: number;
  reason?: string;
  serials?: string[];
}

const str = { type: 'string' };
export const transferResultSchema = object(
  {
    transferType: { enum: ['full', 'partial'] },
    quantity: { type: 'integer' },
    recipientUserId: str,
    recipientName: str,
    sourceOrderId: str,
    sourceOrderStatus: str,
    sourceRemainingQuantity: { type: 'integer' },
    sourceHistoryTab: { enum: ['active', 'delivered', 'settled', 'cancelled'] },
    sourceActionUrl: str,
    resultOrderId: str,
    resultOrderStatus: str,
    resultQuantity: { type: 'integer' },
    resultHistoryTab: { enum: ['active', 'delivered', 'settled', 'cancelled'] },
    resultActionUrl: str,
  },
  [
    'transferType',
    'quantity',
    'recipientUserId',
    'recipientName',
    'sourceOrderId',
    'sourceOrderStatus',
    'sourceRemainingQuantity',
    'sourceHistoryTab',
    'sourceActionUrl',
    'resultOrderId',
    'resultOrderStatus',
    'resultQuantity',
    'resultHistoryTab',
    'resultActionUrl',
  ],
);
