import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureWebBuild, WEB_DIST } from '../helpers/web-build';

/**
 * "Pay by scanning" draws the EPC QR with the `qrcode` library, loaded only when a code is shown
 * (web/src/pages/member/EpcQrCode.tsx): neither the first load nor the invoices page itself carries it.
 */
describe('the QR library stays out of the first load', () => {
  beforeAll(() => ensureWebBuild(), 120_000);
  const assets = join(WEB_DIST, 'assets');
  // A mark of the library's own code (its Shift JIS table for Kanji mode), not of ours.
  const holdsQrLibrary = (file: string) => readFileSync(join(assets, file), 'utf8').includes('toSJIS');

  it('is in a chunk of its own, not the entry, its preloads, or the invoices page', () => {
    const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
    const first = [
      ...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/assets\/([^"]+\.js)"/g),
    ].map((m) => m[1]);
    expect(first.length).toBeGreaterThan(0);
    expect(first.filter(holdsQrLibrary)).toEqual([]);
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    const holders = scripts.filter(holdsQrLibrary);
    expect(holders).toHaveLength(1);
    expect(scripts.filter((f) => /^(InvoicesPage|InvoiceCard|index)-/.test(f) && holdsQrLibrary(f))).toEqual([]);
  });
});
