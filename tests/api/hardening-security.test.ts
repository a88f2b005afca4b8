import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sameHash } from '../../shared/domain/sign-in/challenges';
import { hashesEqual } from '../../shared/domain/shared-events/invitations/rules';
import { hashToken, tokenMatches } from '../../shared/domain/delegations/rules';
import { onTelemetry } from '../../shared/telemetry/telemetry';
import { TestHost, randomIp, uniqueEmail, type ApiResponse } from '../helpers/harness';
import { createEvent, setupOrganization, type OrgFixture } from '../helpers/fixtures';
import { delegatedEvents, invite, listDelegations, setupPartner, tokenOf, accept } from '../helpers/delegations';
import { storedDocument, storedLoginChallenge } from '../helpers/seed';

/**
 * Security items of issue 15, each with its test: secrets, login codes and token hashes never in logs or responses;
 * codes and hashes compared in constant time; the body and header limits answered with the error envelope; rate
 * limits keyed on the client address, X-Forwarded-For only when the proxy policy (TRUST_PROXY) trusts it.
 */
const BODY_LIMIT = 4096;
let api: TestHost;
let f: OrgFixture;
beforeAll(async () => {
  api = await TestHost.start({ BODY_LIMIT_BYTES: String(BODY_LIMIT) });
  f = await setupOrganization(api);
}, 60_000);
afterAll(async () => {
  process.env.TRUST_PROXY = 'true';
  process.env.TELEMETRY_STDOUT = 'false';
  await api.close();
});

/** Everything the service logs (stdout JSON lines and telemetry events) while `work` runs, and what it answers. */
async function observed(work: (answers: ApiResponse[]) => Promise<void>) {
  const lines: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: any, ...rest: any[]) => {
    lines.push(String(chunk));
    return rest.length ? write(chunk, ...rest) && true : true;
  });
  const off = onTelemetry((e) => lines.push(JSON.stringify(e)));
  process.env.TELEMETRY_STDOUT = 'true';
  const answers: ApiResponse[] = [];
  try {
    await work(answers);
  } finally {
    process.env.TELEMETRY_STDOUT = 'false';
    off();
    spy.mockRestore();
  }
  return { logs: lines.join('\n'), responses: answers.map((a) => a.text).join('\n') };
}

describe('secrets never in logs or responses', () => {
  it('a login: the link secret, the code and their hashes stay out of every log line and answer', async () => {
    const email = uniqueEmail('login');
    await api.post(`organizations/${f.orgId}/members`, {
      token: f.superToken,
      body: { email, name: 'Lou Login', role: 'member' },
    });
    let secrets: string[] = [];
    const seen = await observed(async (answers) => {
      answers.push(await api.post('auth/magic-link', { body: { email } }));
      const mail = api.lastEmailTo(email)!;
      const code = /code: (\d{6})/.exec(mail.text)![1];
      const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail.text)![1]);
      const challenge = await storedLoginChallenge(email);
      secrets = [code, token, token.split('.')[1], String(challenge!.codeHash), String(challenge!.tokenHash)];
      answers.push(
        await api.post('auth/verify-code', { body: { email, code: code === '000000' ? '000001' : '000000' } }),
      );
      answers.push(await api.post('auth/verify', { body: { token: `${token}x` } }));
      const ok = await api.post('auth/verify-code', { body: { email, code } });
      expect(ok.status).toBe(200);
      answers.push(ok, await api.get('auth/me', { token: ok.body.data.token }));
    });
    expect(seen.logs).toContain('email.outbox'); // the capture works: the outbox line is there
    for (const secret of secrets) {
      expect(seen.logs).not.toContain(secret);
      expect(seen.responses).not.toContain(secret);
    }
    expect(seen.logs + seen.responses).not.toContain(process.env.JWT_SECRET ?? 'no-secret-configured-here');
  });

  it('an invitation to join: the code reaches the inviting admin only, never a log line', async () => {
    let code = '';
    const seen = await observed(async (answers) => {
      const created = await api.post(`organizations/${f.orgId}/invitations`, {
        token: f.admin.token,
        body: { role: 'member' },
      });
      expect(created.status).toBe(201);
      code = created.body.data.code as string;
      answers.push(await api.get(`join/${code}`));
      answers.push(await api.post(`join/${code}`, { body: { email: uniqueEmail('joiner'), name: 'Jo' } }));
    });
    expect(code).toMatch(/^[A-Za-z0-9_-]{12,}$/);
    expect(seen.logs).not.toContain(code);
    expect(seen.responses).not.toContain(code); // neither the public check nor the join answer repeats it
  });

  it('a delegation invitation: the raw token is in the link only, its hash nowhere but the store', async () => {
    const event = await createEvent(api, f);
    const partner = await setupPartner(api, f.superToken);
    let raw = '';
    const seen = await observed(async (answers) => {
      const invited = await invite(api, f, event.id, partner);
      expect(invited.status).toBe(201);
      raw = tokenOf(invited.body.data.invitationLink);
      answers.push(await listDelegations(api, f, event.id));
      answers.push(await accept(api, `${raw}x`, partner.admin));
      answers.push(await accept(api, raw, partner.admin));
      answers.push(await delegatedEvents(api, partner.orgId, partner.admin));
    });
    const [stored] = (await storedDocument(f.orgId, event.id)).salesDelegations;
    const hashes = [hashToken(raw.split('.').pop()!), hashToken(raw), stored?.invitationTokenHash].filter(Boolean);
    expect(raw.length).toBeGreaterThan(20);
    expect(seen.logs).not.toContain(raw);
    expect(seen.responses).not.toContain(raw);
    for (const hash of hashes) expect(seen.logs + seen.responses).not.toContain(hash as string);
    expect(seen.responses).not.toMatch(/tokenHash|codeHash|invitationTokenHash/i);
  });
});

describe('codes and hashes are compared in constant time', () => {
  const spy = () => jest.spyOn(crypto, 'timingSafeEqual');
  afterEach(() => jest.restoreAllMocks());

  it('every comparison helper goes through crypto.timingSafeEqual and answers right', () => {
    const a = crypto.createHash('sha256').update('a').digest('hex');
    const b = crypto.createHash('sha256').update('b').digest('hex');
    const s = spy();
    expect([sameHash(a, a), sameHash(a, b), sameHash(a, a.slice(2))]).toEqual([true, false, false]);
    expect([hashesEqual(a, a), hashesEqual(a, b)]).toEqual([true, false]);
    expect([tokenMatches(hashToken('raw'), 'raw'), tokenMatches(hashToken('raw'), 'other')]).toEqual([true, false]);
    expect(tokenMatches(undefined, 'raw')).toBe(false);
    expect(s).toHaveBeenCalledTimes(6); // one per equal-length comparison; a length mismatch is unequal at once
  });

  /**
   * A source scan: no `===` / `!==` compares a hash, a secret, a token or a code with anything but a literal.
   * Allowed, with the reason: the continuation-token key cache compares the server's own configured secret with the
   * one it derived its key from (no caller input reaches it).
   */
  const ALLOWED = ['shared/store/pagination.ts: if (derived?.secret !== secret) {'];
  const SUSPECT =
    /(\w*(?:Hash|hash|Secret|secret|Token|token)\b\s*[!=]==\s*(?!\s|undefined\b|null\b|['"`\d]))|((?<![.\w])code\s*[!=]==\s*(?!\s|undefined\b|null\b|['"`\d]))|([!=]==\s*\w*(?:Hash|hash|Secret|secret)\b)/;

  function sources(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sources(path);
      return path.endsWith('.ts') ? [path] : [];
    });
  }

  it('no plain equality compares a hash, secret, token or code in shared/ or functions/', () => {
    const root = process.cwd();
    const found = [...sources(join(root, 'shared')), ...sources(join(root, 'functions'))].flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => SUSPECT.test(line) && !line.trim().startsWith('*') && !line.trim().startsWith('//'))
        .map((line) => `${relative(root, file)}: ${line.trim()}`),
    );
    expect(found.filter((hit) => !ALLOWED.includes(hit))).toEqual([]);
  });

  it('the scan would catch one', () => {
    expect(SUSPECT.test('if (doc.codeHash === presented) return true;')).toBe(true);
    expect(SUSPECT.test('return code === body.code;')).toBe(true);
    expect(SUSPECT.test("if (error.code === 'HPE_HEADER_OVERFLOW')")).toBe(false);
  });
});

/** A raw HTTP request (fetch refuses oversized headers itself), answered as status, headers and parsed body. */
function rawRequest(options: http.RequestOptions, body?: string) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: api.host.port, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('request size and header limits answer with the envelope', () => {
  it('an oversized body: 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await api.post('orders', {
      token: f.member.token,
      query: { organizationId: f.orgId },
      rawBody: JSON.stringify({ eventId: 'x', note: 'a'.repeat(BODY_LIMIT * 2) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, error: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
  });

  it('oversized headers: 431 with the envelope, not a bare status line', async () => {
    const res = await rawRequest({
      method: 'GET',
      path: '/api/health',
      headers: { 'x-padding': 'a'.repeat(20_000) },
    });
    expect(res.status).toBe(431);
    expect(res.body).toEqual({ success: false, error: 'VALIDATION_ERROR', message: 'Request headers are too large' });
  });

  it('a malformed request line: 400 with the envelope', async () => {
    const res = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(api.host.port, '127.0.0.1', () => socket.end('BROKEN\r\n\r\n'));
      let text = '';
      socket.on('data', (c: Buffer) => (text += c.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(res.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(res.slice(res.indexOf('\r\n\r\n') + 4))).toMatchObject({
      success: false,
      error: 'VALIDATION_ERROR',
    });
  });
});

describe('rate limits are keyed on the client address the proxy policy allows', () => {
  /** 11 magic-link requests (limit 5 a minute per address; 11 outlast a window boundary), each for a fresh e-mail. */
  async function statuses(forwardedFor: (i: number) => string) {
    const out: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await api.post('auth/magic-link', {
        body: { email: uniqueEmail('rl') },
        headers: { 'x-forwarded-for': forwardedFor(i) },
      });
      out.push(res.status);
    }
    return out;
  }

  it('without a trusted proxy X-Forwarded-For is ignored: a rotating header does not escape the limit', async () => {
    process.env.TRUST_PROXY = 'false';
    try {
      const got = await statuses(() => randomIp());
      expect(got).toContain(429);
      expect(got.filter((s) => s === 200).length).toBeLessThanOrEqual(10);
    } finally {
      process.env.TRUST_PROXY = 'true';
    }
  });

  it('behind a trusted proxy the right-most entry is the client: distinct clients pass, a spoofed left part does not help', async () => {
    process.env.TRUST_PROXY = 'true';
    expect(await statuses(() => randomIp())).toEqual(Array(11).fill(200));
    const client = randomIp();
    const spoofed = await statuses(() => `${randomIp()}, ${client}`);
    expect(spoofed).toContain(429);
  });
});
