import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPER_ADMIN_EMAIL, TestHost } from '../helpers/harness';
import { runHttpFile } from '../helpers/rest-client-file';

/** api.http, the walk-through of docs/api.md, run from top to bottom against a test host as a developer would. */
let api: TestHost;
beforeAll(async () => {
  api = await TestHost.start();
});
afterAll(() => api.close());

it('walks the whole flow of api.http: every step answers 2xx, and the order ends with its sale reported', async () => {
  const text = readFileSync(join(__dirname, '..', '..', 'api.http'), 'utf8');
  const steps = await runHttpFile(
    text,
    { baseUrl: `${api.url}/api`, email: SUPER_ADMIN_EMAIL },
    (title): Record<string, string> => {
      if (!title.startsWith('Log in with the code')) return {};
      // What the developer does by hand: read the code from the e-mail in the local outbox.
      const code = /code: (\d{6})/.exec(api.lastEmailTo(SUPER_ADMIN_EMAIL)?.text ?? '')?.[1];
      return code ? { code } : {};
    },
  );
  expect(steps.filter((step) => step.status >= 300).map((step) => `${step.title}: ${step.status}`)).toEqual([]);
  expect(steps.length).toBeGreaterThanOrEqual(14);
  const order = steps.find((step) => step.title.startsWith('The order as it is now'))!;
  expect(order.body.data).toMatchObject({ soldQuantity: 8, totalQuantity: 10 });
});
