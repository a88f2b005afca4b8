import { list } from '../shared/config';
import { normalizeBaseUrl } from './seed/api-client';
import { seedDemoOrganization } from './seed/demo-organization';
import { loginInstructions } from './seed/login-instructions';

/**
 * `npm run seed`: fills a RUNNING local host (`npm start` or `npm run dev` in another terminal) with a demo
 * organization through its HTTP API, then prints how to log in as each person.
 *
 *   SEED_BASE_URL            the host, as `npm start` prints it       (default http://127.0.0.1:7071)
 *   SEED_SUPER_ADMIN_EMAIL   the super admin the seed logs in as      (default: the first of SUPER_ADMIN_EMAILS,
 *                            else me@example.org; the host must list it in its SUPER_ADMIN_EMAILS)
 *   SEED_ORG_NAME            the organization's name                  (default Demo Choir; a new name makes another)
 *   OUTBOX_FILE              the host's outbox, read for login codes  (default .local/outbox.jsonl)
 */
async function main() {
  const baseUrl = normalizeBaseUrl(process.env.SEED_BASE_URL || 'http://127.0.0.1:7071');
  const outboxFile = process.env.OUTBOX_FILE || '.local/outbox.jsonl';
  const superAdminEmail =
    process.env.SEED_SUPER_ADMIN_EMAIL || list(process.env.SUPER_ADMIN_EMAILS)[0] || 'me@example.org';
  const result = await seedDemoOrganization({
    baseUrl,
    outboxFile,
    superAdminEmail,
    organizationName: process.env.SEED_ORG_NAME || undefined,
  });
  console.log(loginInstructions(result, baseUrl, outboxFile));
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  const refused = /ECONNREFUSED|fetch failed/.test(`${message} ${(error as { cause?: unknown })?.cause ?? ''}`);
  console.error(
    refused
      ? `seed: no host answers at ${process.env.SEED_BASE_URL || 'http://127.0.0.1:7071'}: start it first ` +
          '(SUPER_ADMIN_EMAILS=me@example.org npm start) or set SEED_BASE_URL'
      : `seed failed: ${message}`,
  );
  process.exit(1);
});
