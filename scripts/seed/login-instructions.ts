import type { SeedResult } from './demo-organization';

/**
 * What `npm run seed` prints: who is who, and the exact commands that log one of them in and set TOKEN (the
 * README's flow: request the e-mail, read the code from the outbox, verify it). Tokens are never printed: they are
 * secrets, and the commands make a fresh one whenever needed.
 */
export function loginInstructions(result: SeedResult, baseUrl: string, outboxFile: string): string {
  const api = `${baseUrl}/api`;
  const width = Math.max(...result.people.map((p) => p.name.length));
  const q = `organizationId=${result.organizationId}`;
  return [
    result.created
      ? `Created "${result.organizationName}" (${result.organizationId}) with the event ${result.eventId}.`
      : `"${result.organizationName}" (${result.organizationId}) already exists: nothing created, the logins are:`,
    '',
    ...result.people.map((p) => `  ${p.name.padEnd(width)}  ${p.role.padEnd(13)}  ${p.email}`),
    '',
    'Log in as one of them (set EMAIL to the address), in a shell in the directory the host runs in:',
    '',
    `  EMAIL=${result.people[0].email}`,
    `  curl -s -X POST ${api}/auth/magic-link -H 'content-type: application/json' -d "{\\"email\\":\\"$EMAIL\\"}"`,
    `  CODE=$(tail -1 ${outboxFile} | node -pe 'JSON.parse(fs.readFileSync(0)).text.match(/\\b\\d{6}\\b/)[0]')`,
    `  TOKEN=$(curl -s -X POST ${api}/auth/verify-code -H 'content-type: application/json' \\`,
    `    -d "{\\"email\\":\\"$EMAIL\\",\\"code\\":\\"$CODE\\"}" | node -pe 'JSON.parse(fs.readFileSync(0)).data.token')`,
    `  curl -s ${api}/auth/me -H "authorization: Bearer $TOKEN"`,
    '',
    'Then, for example (ticket manager or above):',
    '',
    `  curl -s "${api}/orders?${q}" -H "authorization: Bearer $TOKEN"`,
    ...(result.eventId
      ? [`  curl -s "${api}/events/${result.eventId}/capacity-summary?${q}" -H "authorization: Bearer $TOKEN"`]
      : []),
    '',
    'Login e-mails are limited to 5 a minute per client address and 5 per 15 minutes per e-mail address:',
    'a 429 answer says in Retry-After how many seconds to wait.',
  ].join('\n');
}
