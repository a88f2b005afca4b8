import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '../../ui/router';
import { http, unwrap } from '../../api/instance';
import type { OrderStatus } from '../../api/types';
import { useSession } from '../../data/session-hooks';

const TAB_OF: Partial<Record<OrderStatus, string>> = {
  pending: 'active',
  approved: 'active',
  delivered: 'delivered',
  awaitingReconciliation: 'delivered',
  settled: 'settled',
  cancelled: 'cancelled',
};

/**
 * `/history?orderId=…` without a tab (the reminder e-mail's link, the order notices'): the tab the order is in now,
 * found in the member's newest orders (one call, all statuses); a reminder's order is delivered when it is sent.
 * Once shown, the order's card is marked and takes the focus.
 */
export function useOrderLinkTab() {
  const [params, setParams] = useSearchParams();
  const orderId = params.get('orderId');
  const needsTab = Boolean(orderId && !params.get('tab') && !params.get('organizationId'));
  const { organizationId } = useSession();
  const mine = useQuery({
    queryKey: [organizationId, 'orders', 'mine', 'linked', orderId],
    queryFn: () =>
      unwrap(http.GET('/api/me/orders', { params: { query: { organizationId: organizationId!, limit: 50 } } })),
    enabled: needsTab && Boolean(organizationId),
  });
  useEffect(() => {
    if (!needsTab || !orderId || !(mine.isSuccess || mine.isError)) return;
    const status = mine.data?.items.find((o) => o.id === orderId)?.status;
    setParams({ tab: (status && TAB_OF[status]) ?? 'delivered', orderId }, { replace: true });
  }, [needsTab, orderId, mine.isSuccess, mine.isError, mine.data, setParams]);
  useEffect(() => {
    if (!orderId) return;
    // The card appears when the tab's list arrives: watch for it, then mark it and move the focus to it.
    const mark = () => {
      const card = document.getElementById(`order-card-${orderId}`);
      if (!card) return false;
      card.classList.add('order-linked');
      card.setAttribute('tabindex', '-1');
      card.scrollIntoView({ block: 'start' });
      card.focus({ preventScroll: true });
      return true;
    };
    if (mark()) return;
    const watch = new MutationObserver(() => mark() && watch.disconnect());
    watch.observe(document.body, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [orderId, params]);
}
