/**
 * Issue 33, the first screen's data asked by the entry (web/src/api/early-answers.ts): each early answer is taken
 * once, by the same GET of the same person, while it is fresh; anything else is left to the network. The browser
 * side (the entry sends them, each read is made once) is tests/browser/first-screen-calls.test.ts.
 */
const BASE = 'https://tickets.example/';
const TOKEN = 'token-of-the-member';

function storage(session?: object) {
  const values = new Map<string, string>(session ? [['tickets.session', JSON.stringify(session)]] : []);
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

/** A fresh copy of the modules (their state is module-level), with this browser's storage and fetch. */
async function load(options: { signedIn: boolean }) {
  const fetch = jest.fn((url: URL) => Promise.resolve(new Response(JSON.stringify({ url: url.href }))));
  const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
  Object.assign(globalThis, {
    localStorage: storage(
      options.signedIn ? { token: TOKEN, expiresAt, userId: 'u', email: 'm@example.org' } : undefined,
    ),
    fetch,
  });
  let early!: typeof import('../../web/src/api/early-answers');
  let screens!: typeof import('../../web/src/data/first-screen');
  await jest.isolateModulesAsync(async () => {
    early = await import('../../web/src/api/early-answers');
    screens = await import('../../web/src/data/first-screen');
  });
  return { early, screens, fetch };
}

const get = (path: string, token = TOKEN) =>
  new Request(new URL(path, BASE), { headers: { authorization: `Bearer ${token}` } });

afterEach(() => jest.useRealTimers());

describe('early answers', () => {
  it('asks nothing without a signed-in person', async () => {
    const { early, fetch } = await load({ signedIn: false });
    early.askEarly([{ path: '/api/auth/me', query: { organizationId: 'o1' } }], '', BASE);
    expect(fetch).not.toHaveBeenCalled();
    expect(early.takeEarlyAnswer(get('/api/auth/me?organizationId=o1'), BASE)).toBeUndefined();
  });

  it('asks each read with the person’s token, and gives its answer once to the same GET in any parameter order', async () => {
    const { early, fetch } = await load({ signedIn: true });
    early.askEarly(
      [
        { path: '/api/events-active', query: { organizationId: 'o1', withCapacity: true } },
        {
          path: '/api/me/orders',
          query: { organizationId: 'o1', limit: 50, status: 'pending,approved', continuationToken: undefined },
        },
      ],
      '',
      BASE,
    );
    expect(fetch).toHaveBeenCalledTimes(2);
    const [url, init] = fetch.mock.calls[1] as unknown as [URL, RequestInit];
    expect(url.href).toBe(`${BASE}api/me/orders?organizationId=o1&limit=50&status=pending%2Capproved`);
    expect(init.headers).toEqual({ authorization: `Bearer ${TOKEN}` });

    const taken = early.takeEarlyAnswer(get('/api/events-active?withCapacity=true&organizationId=o1'), BASE);
    expect(taken).toBeDefined();
    await expect((await taken!).json()).resolves.toEqual({
      url: `${BASE}api/events-active?organizationId=o1&withCapacity=true`,
    });
    // Once: the page's next ask of the same read goes to the network.
    expect(early.takeEarlyAnswer(get('/api/events-active?withCapacity=true&organizationId=o1'), BASE)).toBeUndefined();
    // Another read (another status, another page) is not this one.
    expect(
      early.takeEarlyAnswer(get('/api/me/orders?organizationId=o1&limit=50&status=settled'), BASE),
    ).toBeUndefined();
    expect(
      early.takeEarlyAnswer(get('/api/me/orders?organizationId=o1&limit=50&status=pending,approved'), BASE),
    ).toBeDefined();
  });

  it('asks the function app’s origin when the client is hosted apart from the API, and only that origin’s GET takes it', async () => {
    const { early, fetch } = await load({ signedIn: true });
    early.askEarly([{ path: '/api/auth/me', query: { organizationId: 'o1' } }], 'https://api.example', BASE);
    expect((fetch.mock.calls[0] as unknown as [URL])[0].href).toBe('https://api.example/api/auth/me?organizationId=o1');
    expect(early.takeEarlyAnswer(get('/api/auth/me?organizationId=o1'), BASE)).toBeUndefined();
    const there = new Request('https://api.example/api/auth/me?organizationId=o1', {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    early.askEarly([{ path: '/api/auth/me', query: { organizationId: 'o1' } }], 'https://api.example', BASE);
    expect(early.takeEarlyAnswer(there, BASE)).toBeDefined();
  });

  it('gives nothing to another person, to a write, or after 20 seconds', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z') });
    const { early } = await load({ signedIn: true });
    const ask = () => early.askEarly([{ path: '/api/auth/me', query: { organizationId: 'o1' } }], '', BASE);
    const me = '/api/auth/me?organizationId=o1';

    ask();
    expect(early.takeEarlyAnswer(get(me, 'someone-else'), BASE)).toBeUndefined();
    expect(early.takeEarlyAnswer(get(me), BASE)).toBeUndefined(); // the mismatched take used it up

    ask();
    const post = new Request(new URL(me, BASE), { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(early.takeEarlyAnswer(post, BASE)).toBeUndefined();
    expect(early.takeEarlyAnswer(get(me), BASE)).toBeDefined();

    ask();
    jest.setSystemTime(Date.now() + 20_001);
    expect(early.takeEarlyAnswer(get(me), BASE)).toBeUndefined();
  });
});

describe('the first screens’ reads', () => {
  it('are the shell’s auth/me on every signed-in page, and the page’s own first reads on the member’s three first screens and the manager’s queue', async () => {
    const { screens } = await load({ signedIn: true });
    const requests = (path: string, search = '') =>
      screens.firstScreenReads(path, search).map((read) => screens.requestOf(read, 'o1'));
    const me = { path: '/api/auth/me', query: { organizationId: 'o1' } };
    const active = { path: '/api/events-active', query: { organizationId: 'o1', withCapacity: true } };
    expect(requests('/')).toEqual([me, active]);
    expect(requests('/sales')).toEqual([
      me,
      active,
      { path: '/api/me/history', query: { organizationId: 'o1', limit: 50 } },
    ]);
    const orders = (status: string) => [
      me,
      { path: '/api/me/orders', query: { organizationId: 'o1', limit: 50, status } },
    ];
    expect(requests('/history', '?tab=delivered')).toEqual(orders('delivered,awaitingReconciliation'));
    expect(requests('/history', '?tab=nonsense')).toEqual(orders('pending,approved'));
    expect(requests('/history')).toEqual(orders('pending,approved'));
    // The manager's queue: both of its lists, as QueuePage asks them (the pending one carries the events), of the
    // event `?event=` chose.
    const queue = (eventId?: string) => [
      me,
      { path: '/api/orders', query: { organizationId: 'o1', limit: 50, status: 'pending', eventId, withEvents: true } },
      { path: '/api/orders', query: { organizationId: 'o1', limit: 50, status: 'approved', eventId } },
    ];
    expect(requests('/manage')).toEqual(queue());
    expect(requests('/manage', '?event=e1')).toEqual(queue('e1'));
    // Every other signed-in page: the shell's auth/me (the page waits for its currency and time zone).
    expect(requests('/manage/delivered')).toEqual([me]);
    expect(requests('/shared-events/s1')).toEqual([me]);
    // The pages without a session (the routes app/App.tsx declares from this list) read nothing.
    const open = Object.values(screens.PATHS_WITHOUT_SESSION).map((route) => route.replace(':code', 'abc'));
    expect(open).toEqual(['/login', '/auth/verify', '/join/abc', '/reminders/unsubscribe']);
    for (const path of open) expect(requests(path)).toEqual([]);
  });
});
