/**
 * Idle keep-alive connections: the client lets go of an idle socket well before the server closes it. Node's
 * server closes an idle connection after 5 s by default while an https.Agent without `timeout` keeps it forever
 * (it ignores the server's `Keep-Alive: timeout=5` hint when it has no timeout of its own), so under load a
 * request could be written on a socket the server was closing that very moment: ECONNRESET. The SDK retries that
 * for reads only, so a write (the rate-limit counter of GET /api/join/{code}, issue 32) answered 503. The client
 * now drops idle sockets after 5 s and the server keeps them 30 s.
 */
export const EMBEDDED_SERVER_KEEP_ALIVE_MS = 30_000;
export const STORE_AGENT_IDLE_MS = 5_000;
