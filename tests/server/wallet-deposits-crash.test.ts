// SIGKILL of the platform while it processes payment notifications (issue 17 acceptance): many
// deposits are paid at the sandbox, the server is killed with -9 mid-way, restarted on the same address,
// and the gateway's retries finish the job. Every deposit is credited exactly once and the ledger
// reconciles.
import { afterEach, describe, expect, it } from 'vitest';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { seedDemoData } from '../../src/server/db/seed.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { freePort, startSandboxGateway, type SandboxGatewayProcess } from '../support/payments.ts';
import { startServerProcess, waitForHealth, type ServerProcess } from '../support/server-process.ts';
import { waitFor } from './wallet-deposits-support.ts';

const DEPOSITS = 40;
const AMOUNT = 1_000_000;

let db: TestDatabase | undefined;
let gateway: SandboxGatewayProcess | undefined;
let running: ServerProcess | undefined;
afterEach(async () => {
  await running?.kill('SIGKILL');
  await gateway?.kill();
  await db?.drop();
});

describe('SIGKILL during payment notification processing', () => {
  it('credits every paid deposit exactly once after a kill -9 and a restart', async () => {
    db = await createTestDatabase();
    await runMigrations(db.url);
    const pool = db.database.pool;
    await seedDemoData(pool);
    // Retries spread over ~20 s: long enough for a restart.
    gateway = await startSandboxGateway({ SANDBOX_NOTIFY_RETRY_BASE_MS: '100', SANDBOX_NOTIFY_RETRY_MAX_MS: '500', SANDBOX_NOTIFY_MAX_ATTEMPTS: '60' });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATABASE_URL: db.url, PORT: String(port), PUBLIC_URL: base, DRAW_SCHEDULER: 'false', ...gateway.platformEnv };
    running = startServerProcess(env);
    await waitForHealth(base, running.child, 60_000);

    const customer = (await pool.query<{ id: number }>(`SELECT id FROM customers WHERE test_mode IS NULL AND type = 'PLAYER' ORDER BY id LIMIT 1`)).rows[0]!.id;
    const payments: { reference: string; gatewayPaymentId: string }[] = [];
    for (let i = 0; i < DEPOSITS; i++) {
      const reference = `DCRASH${String(i).padStart(6, '0')}`;
      const expiresAt = new Date(Date.now() + 15 * 60_000);
      await pool.query(
        `INSERT INTO deposits (reference, customer_id, method_code, kind, amount, status, gateway_code, expires_at, client_key)
         VALUES ($1, $2, 'ALIPAY_SCAN', 'ONLINE', $3, 'PENDING', 'sandbox', $4, $1)`,
        [reference, customer, AMOUNT, expiresAt],
      );
      const created = await gateway.client.createPayment({
        merchantOrderId: reference,
        amount: AMOUNT,
        currency: 'CNY',
        method: 'ALIPAY_SCAN',
        notifyUrl: `${base}/ajax/payment/notify/sandbox`,
        returnUrl: `${base}/wallet/deposit-history`,
        expiresAt,
      });
      await pool.query('UPDATE deposits SET gateway_payment_id = $2 WHERE reference = $1', [reference, created.gatewayPaymentId]);
      payments.push({ reference, gatewayPaymentId: created.gatewayPaymentId });
    }
    const credited = async () => (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM deposits WHERE status = 'SUCCESS'`)).rows[0]!.n;

    // The first half is paid; once the platform is crediting, the rest is paid as it is killed.
    await Promise.all(payments.slice(0, DEPOSITS / 2).map((p) => gateway!.pay(p.gatewayPaymentId)));
    await waitFor(async () => ((await credited()) > 0 ? true : undefined), 'the first credit');
    const secondHalf = Promise.all(payments.slice(DEPOSITS / 2).map((p) => gateway!.pay(p.gatewayPaymentId)));
    await running.kill('SIGKILL');
    await secondHalf;
    const beforeRestart = await credited();
    expect(beforeRestart).toBeLessThan(DEPOSITS);

    running = startServerProcess(env);
    await waitForHealth(base, running.child, 60_000);
    await gateway.notificationsSettled(60_000);

    expect(await credited()).toBe(DEPOSITS);
    const transfers = await pool.query<{ reference: string; n: number }>(
      `SELECT reference, count(*)::int AS n FROM ledger_transfers WHERE type = 'DEP' AND reference LIKE 'deposit:DCRASH%' GROUP BY reference`,
    );
    expect(transfers.rows).toHaveLength(DEPOSITS);
    expect(transfers.rows.every((r) => r.n === 1)).toBe(true);
    const stats = await gateway.notificationStats();
    expect(stats.abandoned).toBe(0);
    const report = await reconcile(pool);
    expect(report.ok, JSON.stringify(report)).toBe(true);
  }, 120_000);
});
