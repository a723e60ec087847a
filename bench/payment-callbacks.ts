// Benchmark (not a test): signed payment notifications processed per second by the platform — each
// credits a distinct deposit (verify signature, log, lock the deposit, DEP transfer, required stake) —
// next to GET /ajax/health (one SELECT 1) measured in the same run on the same machine.
//   node --import tsx bench/payment-callbacks.ts [deposits=4000] [senders=16]
// Uses DATABASE_URL's server when set (creating and dropping its own database), else the embedded one.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { openDatabase } from '../src/server/db/pool.ts';
import { seedDemoData } from '../src/server/db/seed.ts';
import { toWireAmount } from '../src/server/payments/sandbox-protocol.ts';
import { NOTIFY_PURPOSE, signHeaders } from '../src/server/payments/signing.ts';
import { reconcile } from '../src/server/wallet/ledger.ts';
import { adminQuery, dropDatabase, withDatabase } from '../tests/support/pg-url.ts';

const deposits = Number(process.argv[2] ?? 4000);
const senders = Number(process.argv[3] ?? 16);
const out = (line: string) => process.stdout.write(`${line}\n`);
const AMOUNT = 1_000_000;

let adminUrl = process.env.DATABASE_URL;
const embedded = adminUrl ? null : await startEmbeddedPostgres({ dataDir: path.resolve('.data/bench-pg'), port: 54331 });
adminUrl ??= embedded!.adminUrl;
const name = `jinli_bench_cb_${Date.now().toString(36)}`;
await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
const url = withDatabase(adminUrl, name);
try {
  await runMigrations(url);
  const database = openDatabase(url, 20);
  await seedDemoData(database.pool);
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', NODE_ENV: 'production', DRAW_SCHEDULER: 'false' });
  const { app } = await buildApp(config, database);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const { merchantId, secret } = config.payments;

  // Distinct players and deposits, each PENDING at the sandbox gateway.
  // Many players, so that concurrent credits do not all queue on a handful of wallet rows.
  const players = (
    await database.pool.query<{ id: number }>(
      `INSERT INTO customers (username, username_key, password_hash, alias, type)
       SELECT 'benchcb' || g, 'benchcb' || g, (SELECT password_hash FROM customers ORDER BY id LIMIT 1), '压测玩家', 'PLAYER'
         FROM generate_series(1, 512) AS g RETURNING id`,
    )
  ).rows.map((r) => r.id);
  await database.pool.query(
    `INSERT INTO deposits (reference, customer_id, method_code, kind, amount, status, gateway_code, gateway_payment_id, expires_at, client_key)
     SELECT 'DBENCH' || lpad(g::text, 8, '0'), ($1::bigint[])[1 + g % array_length($1::bigint[], 1)], 'ALIPAY_SCAN', 'ONLINE', $2, 'PENDING',
            'sandbox', 'gp-bench-' || g, now() + interval '1 hour', 'bench-' || g
       FROM generate_series(1, $3) AS g`,
    [players, AMOUNT, deposits],
  );
  const notifications = Array.from({ length: deposits }, (_, i) => {
    const g = i + 1;
    const body = JSON.stringify({
      notificationId: randomUUID(),
      type: 'payment',
      data: {
        gatewayPaymentId: `gp-bench-${g}`,
        merchantOrderId: `DBENCH${String(g).padStart(8, '0')}`,
        status: 'PAID',
        amount: toWireAmount(AMOUNT),
        paidAmount: toWireAmount(AMOUNT),
        currency: 'CNY',
        cashierUrl: 'http://127.0.0.1/cashier/bench',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    return body;
  });

  const health = await autocannon({ url: `${appUrl}/ajax/health`, connections: senders, duration: 2 }); // warm-up
  const reference = await autocannon({ url: `${appUrl}/ajax/health`, connections: senders, duration: 10 });
  if (reference.non2xx > 0 || health.errors > 0) throw new Error('health check failed during the benchmark');

  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: senders }, async () => {
      for (;;) {
        const index = next++;
        if (index >= notifications.length) return;
        const body = notifications[index]!;
        // Signed when sent: the timestamp must be fresh, as the gateway's is.
        const headers = { 'content-type': 'application/json', ...signHeaders(secret, merchantId, NOTIFY_PURPOSE, body) };
        const t0 = performance.now();
        const response = await fetch(`${appUrl}/ajax/payment/notify/sandbox`, { method: 'POST', headers, body });
        await response.text();
        latencies.push(performance.now() - t0);
        if (response.status !== 200) throw new Error(`notification answered ${response.status}`);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);

  const credited = (await database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM deposits WHERE reference LIKE 'DBENCH%' AND status = 'SUCCESS'`)).rows[0]!.n;
  const ledger = await reconcile(database.pool);
  if (credited !== deposits || !ledger.ok) throw new Error(`credited ${credited}/${deposits}, ledger ok: ${ledger.ok}`);

  out(`\nSigned payment notifications (each credits a distinct deposit) vs GET /ajax/health — ${senders} concurrent senders`);
  out('| what | per second (mean) | latency p50 | latency p99 |');
  out('|---|---|---|---|');
  out(`| POST /ajax/payment/notify/sandbox (${deposits} deposits credited) | ${(deposits / elapsed).toFixed(0)} | ${pct(50)} ms | ${pct(99)} ms |`);
  out(`| GET /ajax/health (SELECT 1), 10 s | ${reference.requests.average.toFixed(0)} | ${reference.latency.p50} ms | ${reference.latency.p99} ms |`);
  out(`\nAll ${deposits} credited exactly once; ledger reconciles.`);
  await app.close();
  await database.close();
} finally {
  await dropDatabase(adminUrl, name);
  await embedded?.stop();
}
