import { request } from 'node:https';
import type { Agent } from 'node:https';
import { listenEmbeddedServer, type EmbeddedServer } from '../../shared/store/embedded-server';
import { EMBEDDED_SERVER_KEEP_ALIVE_MS, STORE_AGENT_IDLE_MS } from '../../shared/store/embedded-constants';
import { localStoreAgent } from '../../shared/store/client';

/**
 * Issue 32 (the 503 on GET /api/join/{code} under load): the store client must let go of an idle keep-alive socket
 * before the embedded server closes it, or a write (which the SDK does not retry) can be sent on a closing socket
 * and fail with ECONNRESET, answered 503. An agent without its own timeout kept idle sockets forever.
 */
jest.setTimeout(30_000);

let embedded: EmbeddedServer;
let agent: Agent;
beforeAll(async () => {
  embedded = await listenEmbeddedServer(0, '127.0.0.1');
  agent = localStoreAgent();
});
afterAll(async () => {
  agent.destroy();
  await embedded.close();
});

/** Whether the server ended a client socket (its FIN reached the client): the close a request could race. */
const endedByServer = new Set<unknown>();
const call = () =>
  new Promise<number>((resolve, reject) => {
    const req = request(`${embedded.endpoint}/`, { agent, method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.on('socket', (socket) => socket.once('end', () => endedByServer.add(socket)));
    req.end();
  });
const freeSockets = () => Object.values(agent.freeSockets).reduce((n, list) => n + (list?.length ?? 0), 0);

describe('idle store connections', () => {
  it('the server keeps an idle connection longer than the client does', () => {
    expect(embedded.server.keepAliveTimeout).toBe(EMBEDDED_SERVER_KEEP_ALIVE_MS);
    expect(STORE_AGENT_IDLE_MS).toBeLessThanOrEqual(EMBEDDED_SERVER_KEEP_ALIVE_MS / 2);
  });

  it('the client drops its idle socket after STORE_AGENT_IDLE_MS, while the server would still keep it', async () => {
    await call();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(freeSockets()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, STORE_AGENT_IDLE_MS + 1_000));
    expect(freeSockets()).toBe(0);
    // The client closed it: the server never ended it (before the fix it did, at 5 s, the race's moment).
    expect(endedByServer.size).toBe(0);
    // The next call opens a fresh connection and succeeds.
    expect(await call()).toBeGreaterThan(0);
  });
});
