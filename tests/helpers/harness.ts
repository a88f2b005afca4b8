import { randomUUID } from 'node:crypto';
import { readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resetConfig } from '../../shared/config';
import { resetMailer } from '../../shared/email/mailer';
import { startLocalHost, type LocalHost } from '../../scripts/local-host';
import { assertResponseContract } from './response-contract';

/**
 * One local host with a fresh embedded store per test file, driven over real HTTP.
 * Logins go through the outbox exactly as a person's would: request the e-mail, read it, enter the code.
 */
export const SUPER_ADMIN_EMAIL = 'root@example.org';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  rawBody?: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
}

export class TestHost {
  private constructor(
    readonly host: LocalHost,
    readonly outboxFile: string,
  ) {}

  static async start(env: Record<string, string> = {}): Promise<TestHost> {
    const outboxFile = join(tmpdir(), `outbox-${randomUUID()}.jsonl`);
    Object.assign(process.env, {
      OUTBOX_FILE: outboxFile,
      SUPER_ADMIN_EMAILS: SUPER_ADMIN_EMAIL,
      TELEMETRY_STDOUT: 'false',
      TRUST_PROXY: 'true',
      ...env,
    });
    resetConfig();
    resetMailer();
    return new TestHost(await startLocalHost(0), outboxFile);
  }

  get url() {
    return this.host.url;
  }

  close() {
    return this.host.close();
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const url = new URL(`${this.url}/api/${path.replace(/^\/+/, '')}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = {
      'x-forwarded-for': randomIp(),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.headers ?? {}),
    };
    const body = options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined);
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    assertResponseContract(method, url, response.status, response.headers, text);
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed as T, headers: response.headers, text };
  }

  /** A file download (exports): the raw bytes, with the same contract check as any answer. */
  async download(path: string, options: RequestOptions = {}) {
    const url = new URL(`${this.url}/api/${path.replace(/^\/+/, '')}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = {
      'x-forwarded-for': randomIp(),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.headers ?? {}),
    };
    const response = await fetch(url, { method: 'GET', headers });
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString('utf8');
    assertResponseContract('GET', url, response.status, response.headers, text);
    return { status: response.status, headers: response.headers, bytes, text };
  }

  get = (path: string, options?: RequestOptions) => this.request('GET', path, options);
  post = (path: string, options?: RequestOptions) => this.request('POST', path, options);
  put = (path: string, options?: RequestOptions) => this.request('PUT', path, options);
  patch = (path: string, options?: RequestOptions) => this.request('PATCH', path, options);
  del = (path: string, options?: RequestOptions) => this.request('DELETE', path, options);

  /** Every e-mail sent so far (the local outbox). */
  outbox(): { to: string; subject: string; text: string; html: string; sentAt: string }[] {
    if (!existsSync(this.outboxFile)) return [];
    return readFileSync(this.outboxFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  }

  lastEmailTo(email: string) {
    return this.outbox()
      .filter((m) => m.to === email.toLowerCase())
      .pop();
  }

  /** Logs in as a person would: magic link, read the code from the e-mail, verify it. */
  async login(email: string): Promise<string> {
    const sent = await this.post('auth/magic-link', { body: { email } });
    if (sent.status !== 200) throw new Error(`magic-link failed: ${sent.status} ${sent.text}`);
    const mail = this.lastEmailTo(email);
    // The code ends its line after ": " in every language of the login e-mail (shared/domain/messages).
    const code = /: (\d{6})$/m.exec(mail?.text ?? '')?.[1];
    if (!code) throw new Error(`no login e-mail for ${email}`);
    const verified = await this.post('auth/verify-code', { body: { email, code } });
    if (verified.status !== 200) throw new Error(`verify-code failed: ${verified.status} ${verified.text}`);
    return verified.body.data.token as string;
  }

  loginSuperAdmin() {
    return this.login(SUPER_ADMIN_EMAIL);
  }
}

/** A fresh documentation-range address per request, so per-IP limits only bite where a test means them to. */
export function randomIp(): string {
  const n = () => Math.floor(Math.random() * 254) + 1;
  return `198.51.${n()}.${n()}`;
}

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.org`;
