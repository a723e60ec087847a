// Starts the server: configuration, migrations, demo data, then HTTP. SIGINT/SIGTERM close it
// gracefully (streams first, then the pool).
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { runMigrations } from './db/migrate.ts';
import { openDatabase } from './db/pool.ts';
import { seedDemoData } from './db/seed.ts';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  await runMigrations(config.databaseUrl);
  const database = openDatabase(config.databaseUrl, config.databasePoolMax);
  if (config.seedDemo) await seedDemoData(database.pool);
  const { app } = await buildApp(config, database);
  const address = await app.listen({ host: config.host, port: config.port });
  let closing: Promise<void> | undefined;
  return {
    url: address,
    close: () =>
      (closing ??= (async () => {
        await app.close();
        await database.close();
      })()),
  };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const server = await startServer(config);
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
