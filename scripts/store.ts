import { listenEmbeddedServer } from '../shared/store/embedded-server';

/**
 * `npm run store`: the embedded Cosmos-protocol store as a process of its own, at the Cosmos DB emulator's address
 * (https://localhost:8081), so `func start` and `npm start` can share it and the emulator can replace it with no
 * setting changed. It accepts any key, the emulator's well-known one included (local.settings.json.example). The
 * app creates the database and containers itself with COSMOS_CREATE_CONTAINERS=true, as against the emulator.
 * Data lives in memory until this process stops. STORE_PORT (0: any free port) and STORE_HOST change the address;
 * the first line printed is JSON with the endpoint (tests read it).
 */
const port = Number(process.env.STORE_PORT ?? 8081);
const host = process.env.STORE_HOST || '127.0.0.1';

listenEmbeddedServer(port, host)
  .then((embedded) => {
    process.stdout.write(
      `${JSON.stringify({ kind: 'info', message: 'store.listening', endpoint: embedded.endpoint })}\n`,
    );
    if (host === '127.0.0.1') {
      process.stdout.write(
        `Cosmos-protocol store at https://localhost:${embedded.port} (self-signed certificate; the app trusts it for ` +
          'localhost only). Stop it with Ctrl+C.\n',
      );
    }
    const stop = () => {
      embedded.close().finally(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  })
  .catch((error: NodeJS.ErrnoException) => {
    const hint =
      error.code === 'EADDRINUSE'
        ? ` (port ${port} is taken: is the Cosmos DB emulator or another 'npm run store' running? STORE_PORT=... picks another)`
        : '';
    console.error(`store: ${error.message}${hint}`);
    process.exit(1);
  });
