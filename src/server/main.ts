// Starts the server: configuration, database check, migrations, demo data, then HTTP. SIGINT/SIGTERM
// close it gracefully (streams first, then the pool). A failure the operator can fix (bad variable,
// unreachable database, port in use) ends the process with one line (startup/errors.ts).
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { runMigrations } from './db/migrate.ts';
import { openDatabase } from './db/pool.ts';
import { seedDemoData } from './db/seed.ts';
import { checkDatabaseConnection } from './startup/database-check.ts';
import { orExit } from './startup/errors.ts';
import { assertPortFree, isAddressInUse, portInUseError } from './startup/ports.ts';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const port = { port: config.port, host: config.host, user: '锦鲤服务', variable: 'PORT' };
  await assertPortFree(port);
  await checkDatabaseConnection(config.databaseUrl);
  await runMigrations(config.databaseUrl);
  const database = openDatabase(config.databaseUrl, config.databasePoolMax);
  if (config.seedDemo) await seedDemoData(database.pool);
  const { app, ctx } = await buildApp(config, database);
  let address: string;
  try {
    address = await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    // Taken between the check above and now.
    throw isAddressInUse(error) ? await portInUseError(port) : error;
  }
  let closing: Promise<void> | undefined;
  return {
    url: address,
    close: () =>
      (closing ??= (async () => {
        // Synchronously, before anything else: from here on the live-event listener's connection is
        // ours to end, so its loss (an embedded database stopped by the same Ctrl-C) is no warning.
        const eventsClosed = ctx.events.close();
        await app.close();
        await eventsClosed;
        await database.close();
      })()),
  };
}

async function main(): Promise<void> {
  const config = await orExit(() => loadConfig());
  const server = await orExit(() => startServer(config));
  const stop = () => {
    void server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
