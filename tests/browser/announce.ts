import { existsSync } from 'node:fs';

/** jest globalSetup: says once per run (not once per browser test file) that the browser tests are skipped. */
export default async function announce() {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromium) && process.env.REQUIRE_BROWSER_TESTS !== '1') {
    console.log(
      `\nBrowser tests skipped: no Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH).`,
    );
  }
}
