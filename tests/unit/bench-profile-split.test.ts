import { categoryOf, splitProfile, type CpuProfile } from '../../scripts/bench/profile-split';

/** The bench's profile splitter (scripts/bench/profile-split.ts): how a sample is named and where it is counted. */
const frame = (functionName: string, url = '') => ({ functionName, url });
const APP = 'file:///work/main/dist';

describe('categoryOf', () => {
  it("names a sample by whose work it is: the SDK's even when the service called it", () => {
    const sdkUnderService = [
      frame('request', '/node_modules/@azure/cosmos/x.js'),
      frame('readItem', `${APP}/shared/store/operations.js`),
    ];
    expect(categoryOf(sdkUnderService)).toBe('store SDK');
    expect(categoryOf([frame('writev'), frame('send', `${APP}/scripts/local-host.js`)])).toBe('service code');
    expect(
      categoryOf([
        frame('verify', '/node_modules/jsonwebtoken/verify.js'),
        frame('verifyToken', `${APP}/shared/auth/jwt.js`),
      ]),
    ).toBe('JWT');
    expect(categoryOf([frame('query', `${APP}/shared/store/embedded-condition-index.js`)])).toBe('embedded store');
    expect(categoryOf([frame('socketOnData', 'node:_http_client')])).toBe('store SDK (HTTPS client)');
    expect(categoryOf([frame('parserOnIncoming', 'node:_http_server')])).toBe('HTTP server');
    expect(categoryOf([frame('(idle)')])).toBe('idle');
    expect(categoryOf([frame('(garbage collector)')])).toBe('gc');
    expect(categoryOf([frame('runMicrotasks')])).toBe('microtasks');
    expect(categoryOf([frame('emit', 'node:events')])).toBe('Node internals');
  });
});

describe('splitProfile', () => {
  it('counts each sample in the phase its time falls in, as CPU ms per request', () => {
    // Root → service → SDK; samples 1 ms apart from t = 1,000 µs.
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2, 4] },
        { id: 2, callFrame: frame('handle', `${APP}/shared/http/pipeline.js`), children: [3] },
        { id: 3, callFrame: frame('request', '/node_modules/@azure/cosmos/x.js') },
        { id: 4, callFrame: frame('(idle)') },
      ],
      startTime: 1_000,
      samples: [2, 3, 3, 4, 2, 3],
      timeDeltas: [1_000, 1_000, 1_000, 1_000, 1_000, 1_000],
    };
    const [first, second] = splitProfile(profile, [
      { name: 'a', process: 'host', fromUs: 2_000, toUs: 5_000, requests: 2 },
      { name: 'b', process: 'host', fromUs: 5_000, toUs: 8_000, requests: 1 },
    ]);
    // Phase a holds samples at 2,000 (service), 3,000 and 4,000 (SDK): 1 ms and 2 ms over 2 requests.
    expect(Object.fromEntries(first)).toEqual({ 'service code': 0.5, 'store SDK': 1 });
    // Phase b holds 5,000 (idle), 6,000 (service), 7,000 (SDK), over 1 request.
    expect(Object.fromEntries(second)).toEqual({ idle: 1, 'service code': 1, 'store SDK': 1 });
  });
});
