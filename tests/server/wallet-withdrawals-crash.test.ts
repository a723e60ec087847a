// SIGKILL of the platform during a payout (issue 17 acceptance): the payout loop of a real server
// process has sent the payout (the gateway holds its answer), the process is killed; after a restart
// the payout is resolved by querying the gateway — paid exactly once, the ledger reconciling.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FINANCE_WITHDRAWAL_PATHS } from '../../src/shared/backoffice/finance-withdrawals.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { operatorHeaders, signedInOperator } from '../support/operators.ts';
import { freePort, startWalletTestServer, TEST_PAYMENT_TIMEOUT_MS, type WalletTestServer } from '../support/payments.ts';
import { sleep, startServerProcess, waitForHealth, type ServerProcess } from '../support/server-process.ts';
import { balanceOf, bindBank, newPlayer, statusOf, withdraw, yuan } from './wallet-withdrawals-support.ts';

let wallet: WalletTestServer;
const children: ServerProcess[] = [];
beforeAll(async () => {
  wallet = await startWalletTestServer({ WITHDRAWAL_PAYOUT_INTERVAL_MS: '0' });
});
afterAll(async () => {
  await Promise.all(children.map((child) => child.kill('SIGKILL')));
  await wallet?.close();
});

async function platformProcess(): Promise<ServerProcess> {
  const port = await freePort();
  const child = startServerProcess({
    DATABASE_URL: wallet.server.db.url,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DRAW_SCHEDULER: 'false',
    PAYMENT_TIMEOUT_MS: TEST_PAYMENT_TIMEOUT_MS,
    WITHDRAWAL_PAYOUT_INTERVAL_MS: '100',
    WITHDRAWAL_PAYOUT_RETRY_MS: '200',
    ...wallet.gateway.platformEnv,
  });
  children.push(child);
  await waitForHealth(`http://127.0.0.1:${port}`, child.child, 60_000);
  return child;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

it('a payout in flight when the process is killed is paid exactly once after the restart', async () => {
  const server = wallet.server;
  const pool = server.db.database.pool;
  const player = await newPlayer(server, { balance: yuan(1_000) });
  const requested = (await withdraw(server, player, await bindBank(server, player), '300')).json();
  const { cookie } = await signedInOperator(server.app, 'FINANCE');
  for (const step of ['claim', 'approve'] as const) {
    const response = await server.app.inject({
      method: 'POST',
      url: `/ajax/backoffice${FINANCE_WITHDRAWAL_PATHS[step](requested.id)}`,
      headers: operatorHeaders(cookie),
      ...(step === 'approve' ? { payload: { reason: '核对无误' } } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  // The gateway takes the payout but holds its answers, and its notification of the payout's end waits
  // long: the process cannot learn the outcome before it is killed, however slowly the host lets the
  // test poll.
  await wallet.gateway.setFaults({ payoutTimeout: true, notificationDelayMs: 600_000 });
  const first = await platformProcess();
  // Sent, outcome unknown: SENT while the request waits, IN_DOUBT once the client has given up on it
  // (on a loaded host the poll may see only the second).
  const inFlight = ['SENT', 'IN_DOUBT'];
  await waitFor('the payout to be sent', async () => inFlight.includes((await statusOf(server, requested.id)).payout_state));
  await first.kill('SIGKILL');
  await wallet.gateway.resetFaults();
  const killed = await statusOf(server, requested.id);
  expect(killed.status).toBe('SUBMITTED');
  expect(inFlight).toContain(killed.payout_state);

  const second = await platformProcess();
  await waitFor('the payout to be resolved', async () => (await statusOf(server, requested.id)).status === 'SUCCESS');
  await second.kill('SIGTERM');

  const transfers = await pool.query('SELECT type, state FROM ledger_transfers WHERE reference = $1 ORDER BY id', [requested.reference]);
  expect(transfers.rows).toEqual([
    { type: 'WPEND', state: 'POSTED' },
    { type: 'WIT', state: 'POSTED' },
  ]);
  const atGateway = await wallet.gateway.client.queryPayout(requested.reference);
  expect(atGateway).toMatchObject({ status: 'PAID', amount: yuan(300) });
  expect(await balanceOf(server, player.id)).toBe(yuan(700));
  expect((await reconcile(pool)).ok).toBe(true);
  // Two processes start and one is killed: slow on a loaded host; the limit only catches a hang.
}, 120_000);
