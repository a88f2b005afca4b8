import { createRequire } from 'node:module';
import fc from 'fast-check';
import { stripUndefined } from '../../shared/store/embedded-patches';

// The engine's own helper, as shipped: the linear replacement must mean exactly the same.
const original = (
  createRequire(require.resolve('@vercel/cosmosdb-server'))('@zeit/cosmosdb-query/lib/helpers') as {
    stripUndefined: (v: unknown) => unknown;
  }
).stripUndefined;

describe('embedded store: linear stripUndefined', () => {
  it('serializes to what the shipped helper gives, on any JSON-like value with undefined holes', () => {
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.constant(undefined),
        fc.constant(null),
        fc.integer(),
        fc.string(),
        fc.boolean(),
        fc.array(tie('node'), { maxLength: 5 }),
        fc.dictionary(fc.string({ maxLength: 3 }), tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    // The server only JSON-serializes the result: that is the meaning to keep.
    fc.assert(
      fc.property(value, (v) => expect(JSON.stringify(stripUndefined(v))).toEqual(JSON.stringify(original(v)))),
    );
  });

  it('is linear: 200,000 results in well under a second', () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => ({ id: String(i), gone: undefined, n: [i, undefined] }));
    const started = performance.now();
    const out = stripUndefined(rows) as { id: string; n: number[] }[];
    expect(performance.now() - started).toBeLessThan(1000);
    expect(out[199_999]).toEqual({ id: '199999', n: [199_999] });
  });
});
