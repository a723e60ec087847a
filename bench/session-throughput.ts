// Benchmark (not a test): requests/s of GET /ajax/current-customer for a logged-in customer, next
// to a bare Fastify hello-world route measured in the same run on the same machine.
//   node --import tsx bench/session-throughput.ts [seconds=10] [connections=16]
// Uses DATABASE_URL's server when set (creating and dropping its own database), else the embedded one.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { openDatabase } from '../src/server/db/pool.ts';
import { seedDemoData } from '../src/server/db/seed.ts';
import { adminQuery, dropDatabase, withDatabase } from '../tests/support/pg-url.ts';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 16);
const out = (line: string) => process.stdout.write(`${line}\n`);

let adminUrl = process.env.DATABASE_URL;
const embedded = adminUrl ? null : await startEmbeddedPostgres({ dataDir: path.resolve('.data/bench-pg'), port: 54331 });
adminUrl ??= embedded!.adminUrl;
const name = `jinli_bench_${Date.now().toString(36)}`;
await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
const url = withDatabase(adminUrl, name);
await runMigrations(url);
const database = openDatabase(url, 20);
await seedDemoData(database.pool);
// Without the draw scheduler: its ticks and settlements would compete with the measured requests.
const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', NODE_ENV: 'production', DRAW_SCHEDULER: 'false' });
const { app } = await buildApp(config, database);
await app.listen({ host: '127.0.0.1', port: 0 });
const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const login = await fetch(`${appUrl}/ajax/login`, {
  method: 'PUT',
  headers: { 'content-type': 'application/json', 'x-jinli-request': '1' },
  body: JSON.stringify({ username: 'demo_player', password: 'demo1234' }),
});
const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

const hello = Fastify();
hello.get('/hello', async () => ({ hello: 'world' }));
await hello.listen({ host: '127.0.0.1', port: 0 });
const helloUrl = `http://127.0.0.1:${(hello.server.address() as AddressInfo).port}/hello`;

async function measure(target: string, headers: Record<string, string> = {}) {
  await autocannon({ url: target, connections, duration: 2, headers }); // warm-up
  const result = await autocannon({ url: target, connections, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

const bare = await measure(helloUrl);
const session = await measure(`${appUrl}/ajax/current-customer`, { cookie });

out(`\nGET /ajax/current-customer (logged in) vs bare Fastify hello-world — ${connections} connections, ${seconds} s each`);
out('| route | requests/s (mean) | latency p50 | latency p99 |');
out('|---|---|---|---|');
for (const [label, r] of [
  ['bare Fastify hello-world', bare],
  ['GET /ajax/current-customer', session],
] as const) {
  out(`| ${label} | ${Math.round(r.requests.average)} | ${r.latency.p50} ms | ${r.latency.p99} ms |`);
}
out(`ratio: ${((session.requests.average / bare.requests.average) * 100).toFixed(1)} % of the hello-world rate`);

await hello.close();
await app.close();
await database.close();
await dropDatabase(adminUrl, name);
await embedded?.stop();
