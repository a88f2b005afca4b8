import { buildRouter, toRouterPath } from '../../scripts/local-host';
import type { AnyRoute } from '../../shared/http/route';

const route = (method: AnyRoute['method'], template: string): AnyRoute => ({
  name: `${method}-${template}`.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  method,
  route: template,
  auth: 'public',
  scope: { kind: 'public' },
  handler: async () => undefined,
});

describe('route matching (Azure route-template semantics)', () => {
  const routes = [
    route('PATCH', 'orders/{id}/archive'),
    route('POST', 'orders/archive'),
    route('POST', 'orders/{id}/transfer'),
    route('GET', 'orders/{id}'),
    route('POST', 'orders/archive/preview'),
    route('GET', 'events/{eventId}/showtimes/{showtimeId}/external-sales'),
  ];
  const router = buildRouter(routes);
  const find = (method: string, path: string) => {
    const match = router.find(method as 'GET', path);
    return match ? { route: (match.store as { route: AnyRoute }).route.route, params: match.params } : undefined;
  };

  it('converts templates to router paths', () => {
    expect(toRouterPath('orders/{id}/transfer')).toBe('/api/orders/:id/transfer');
  });

  it('prefers literal segments over parameters', () => {
    expect(find('POST', '/api/orders/archive')?.route).toBe('orders/archive');
    expect(find('POST', '/api/orders/archive/preview')?.route).toBe('orders/archive/preview');
    expect(find('GET', '/api/orders/archive')?.route).toBe('orders/{id}');
  });

  it('extracts parameters', () => {
    expect(find('POST', '/api/orders/o-1/transfer')).toEqual({ route: 'orders/{id}/transfer', params: { id: 'o-1' } });
    expect(find('GET', '/api/events/e1/showtimes/s1/external-sales')?.params).toEqual({
      eventId: 'e1',
      showtimeId: 's1',
    });
  });

  it('finds nothing for unknown paths or methods', () => {
    expect(find('DELETE', '/api/orders/archive')).toBeUndefined();
    expect(find('GET', '/api/nothing')).toBeUndefined();
  });
});
