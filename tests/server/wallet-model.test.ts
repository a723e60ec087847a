// The whole money path against a model (issue 17 acceptance, fast-check): random deposits paid through
// signed gateway notifications (exact, under- and over-paid, duplicated, followed by stale ones),
// instant bets through the API (won or lost, reducing the required stake), withdrawal requests that
// the required stake and the balance allow or refuse, cancellations, audits and payout outcomes. After
// every step the balance, the required stake and every request's status agree with the model, and the
// ledger reconciles.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withTransaction } from '../../src/server/db/pool.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { autoAudit } from '../../src/server/wallet/withdrawals/auto-audit.ts';
import { cancelWithdrawal } from '../../src/server/wallet/withdrawals/cancel.ts';
import { claimWithdrawal, passAudit, rejectWithdrawal } from '../../src/server/wallet/withdrawals/decisions.ts';
import { handlePayoutNotification } from '../../src/server/wallet/withdrawals/payout-notifications.ts';
import { placeWithdrawal } from '../../src/server/wallet/withdrawals/request.ts';
import { yuan } from '../../src/shared/money.ts';
import { startWalletTestServer, type WalletTestServer } from '../support/payments.ts';
import { createOperator } from '../support/operators.ts';
import { placeRequest } from '../support/orders.ts';
import { onlineDeposit, postNotification, signedPaymentNotification, type Player } from './wallet-deposits-support.ts';
import { ageAccounts, balanceOf, bindBank, newPlayer } from './wallet-withdrawals-support.ts';

let wallet: WalletTestServer;
let operator: { id: number; username: string };
const server = () => wallet.server;
const pool = () => wallet.server.db.database.pool;

beforeAll(async () => {
  wallet = await startWalletTestServer({ WITHDRAWAL_PAYOUT_INTERVAL_MS: '0' });
  await pool().query(
    'UPDATE withdrawal_settings SET min_amount = $1, daily_count_limit = 1000, daily_amount_limit = $2, large_amount_threshold = $2, fee_rate_bp = 0, fee_min = 0',
    [yuan(1), yuan(10_000_000)],
  );
  await pool().query(`UPDATE deposit_methods SET fee_rate_bp = 0, fee_fixed = 0, stake_multiplier_bp = 10000 WHERE code = 'ALIPAY_SCAN'`);
  await pool().query(`UPDATE own_games SET enabled = true WHERE draw_type = 'MKSSC'`);
  const created = await createOperator(server().app, 'FINANCE');
  operator = { id: created.id, username: created.username };
}, 120_000);
afterAll(async () => {
  await wallet?.close();
});

type Status = 'AUTO_AUDIT_FAILED' | 'AUDITING' | 'SUBMITTED' | 'SUCCESS' | 'FAILED' | 'AUDIT_NOT_PASSED' | 'CANCELLED';
interface ModelWithdrawal {
  id: number;
  reference: string;
  amount: number;
  status: Status;
}
const RETURNED: Status[] = ['FAILED', 'AUDIT_NOT_PASSED', 'CANCELLED'];

const action = fc.oneof(
  fc.record({
    t: fc.constant('deposit' as const),
    yuan: fc.integer({ min: 100, max: 800 }),
    /** Paid amount relative to the order, in 元: under-, exactly or over-paid. */
    offset: fc.constantFrom(0, 0, -50, 30),
    duplicate: fc.boolean(),
    stale: fc.boolean(),
  }),
  fc.record({ t: fc.constant('bet' as const), multiplier: fc.integer({ min: 1, max: 60 }) }),
  fc.record({ t: fc.constant('request' as const), yuan: fc.integer({ min: 1, max: 600 }) }),
  fc.record({ t: fc.constantFrom('cancel' as const, 'claim' as const, 'approve' as const, 'reject' as const, 'paid' as const, 'failed' as const), pick: fc.nat() }),
);

async function succeeds(work: () => Promise<unknown>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch {
    return false;
  }
}

async function requiredStake(player: Player): Promise<number> {
  const response = await server().app.inject({ url: '/ajax/wallet/required-stake', headers: { cookie: player.cookie } });
  return response.json<{ remaining: number }>().remaining;
}

it('deposits, bets and withdrawals follow the model; the ledger reconciles after every step', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: 8, maxLength: 22 }), async (actions) => {
      const player = await newPlayer(server(), { balance: 0 });
      const account = await bindBank(server(), player);
      await ageAccounts(server(), player.id);
      expect((await server().app.inject({ url: '/ajax/instant-seed', headers: { cookie: player.cookie } })).statusCode).toBe(200);
      let balance = 0;
      let required = 0;
      const requests: ModelWithdrawal[] = [];

      for (const step of actions) {
        const target = 'pick' in step && requests.length > 0 ? requests[step.pick % requests.length]! : null;
        switch (step.t) {
          case 'deposit': {
            const created = await onlineDeposit(server(), player, String(step.yuan));
            const paid = yuan(step.yuan + step.offset);
            const notification = signedPaymentNotification(wallet.gateway, {
              gatewayPaymentId: created.gatewayPaymentId,
              merchantOrderId: created.reference,
              status: 'PAID',
              amount: yuan(step.yuan),
              paidAmount: paid,
            });
            expect((await postNotification(server(), notification)).statusCode).toBe(200);
            if (step.duplicate) expect((await postNotification(server(), notification)).statusCode).toBe(200);
            if (step.stale) {
              const stale = signedPaymentNotification(wallet.gateway, {
                gatewayPaymentId: created.gatewayPaymentId,
                merchantOrderId: created.reference,
                status: 'PENDING',
                amount: yuan(step.yuan),
                paidAmount: null,
              });
              expect((await postNotification(server(), stale)).statusCode).toBe(200);
            }
            // What was paid is credited, once; it adds as much required stake (multiplier ×1).
            balance += paid;
            required += paid;
            break;
          }
          case 'bet': {
            const stake = yuan(4 * step.multiplier);
            const response = await placeRequest(server(), player.cookie, {
              drawType: 'MKSSC',
              playMode: 'REGULAR',
              bets: [{ methodId: 'DWD', selection: { rows: [[1, 2], [], [], [], []] }, mode: 'YUAN', multiplier: step.multiplier }],
            });
            if (stake > balance) {
              expect(response.statusCode).toBe(409);
              break;
            }
            expect(response.statusCode).toBe(200);
            const order = response.json<{ order: { totalStake: number; payout: number } }>().order;
            expect(order.totalStake).toBe(stake);
            balance += order.payout - stake;
            required = Math.max(0, required - stake);
            break;
          }
          case 'request': {
            const amount = yuan(step.yuan);
            const placed = await succeeds(async () => {
              const request = await placeWithdrawal(pool(), player.id, { payoutAccountId: account, amount, clientKey: randomUUID() });
              const audited = await autoAudit(pool(), request.row.id);
              requests.push({ id: request.row.id, reference: request.row.reference, amount, status: audited!.status as Status });
            });
            expect(placed).toBe(amount <= balance && required === 0);
            if (placed) {
              expect(['SUBMITTED', 'AUTO_AUDIT_FAILED']).toContain(requests.at(-1)!.status);
              balance -= amount;
            }
            break;
          }
          case 'cancel':
            if (!target) break;
            expect(await succeeds(() => cancelWithdrawal(pool(), player.id, target.id))).toBe(target.status === 'AUTO_AUDIT_FAILED');
            if (target.status === 'AUTO_AUDIT_FAILED') {
              target.status = 'CANCELLED';
              balance += target.amount;
            }
            break;
          case 'claim':
            if (!target) break;
            expect(await succeeds(() => withTransaction(pool(), (c) => claimWithdrawal(c, target.id, operator)))).toBe(target.status === 'AUTO_AUDIT_FAILED');
            if (target.status === 'AUTO_AUDIT_FAILED') target.status = 'AUDITING';
            break;
          case 'approve':
            if (!target) break;
            expect(await succeeds(() => withTransaction(pool(), (c) => passAudit(c, target.id, operator, false, '核对无误')))).toBe(target.status === 'AUDITING');
            if (target.status === 'AUDITING') target.status = 'SUBMITTED';
            break;
          case 'reject':
            if (!target) break;
            expect(await succeeds(() => withTransaction(pool(), (c) => rejectWithdrawal(c, target.id, operator, 'AUDITING', '资料不符')))).toBe(target.status === 'AUDITING');
            if (target.status === 'AUDITING') {
              target.status = 'AUDIT_NOT_PASSED';
              balance += target.amount;
            }
            break;
          case 'paid':
          case 'failed':
            if (!target) break;
            await handlePayoutNotification(server().ctx, {
              gatewayPayoutId: `G${target.reference}`,
              merchantPayoutId: target.reference,
              status: step.t === 'paid' ? 'PAID' : 'FAILED',
              amount: target.amount,
              currency: 'CNY',
              failureReason: step.t === 'failed' ? '收款账户异常' : null,
            });
            if (target.status === 'SUBMITTED') {
              target.status = step.t === 'paid' ? 'SUCCESS' : 'FAILED';
              if (step.t === 'failed') balance += target.amount;
            }
            break;
        }
        expect(await balanceOf(server(), player.id)).toBe(balance);
        expect(await requiredStake(player)).toBe(required);
        const stored = await pool().query<{ id: number; status: string }>('SELECT id, status FROM withdrawals WHERE customer_id = $1 ORDER BY id', [player.id]);
        expect(stored.rows).toEqual(requests.map((r) => ({ id: r.id, status: r.status })));
        expect((await reconcile(pool())).ok).toBe(true);
      }
      // Every withdrawal hold resolved at most once; every finished request resolved it exactly once.
      const holds = await pool().query<{ reference: string; state: string; resolutions: number }>(
        `SELECT t.reference, t.state, (SELECT count(*)::int FROM ledger_transfers r WHERE r.idempotency_key LIKE 'pending:' || t.id || ':%') AS resolutions
           FROM ledger_transfers t WHERE t.type = 'WPEND' AND t.reference = ANY($1::text[])`,
        [requests.map((r) => r.reference)],
      );
      expect(holds.rows).toHaveLength(requests.length);
      for (const hold of holds.rows) {
        const request = requests.find((r) => r.reference === hold.reference)!;
        const finished = ['SUCCESS', ...RETURNED].includes(request.status);
        expect(hold.resolutions).toBe(finished ? 1 : 0);
        expect(hold.state).toBe(request.status === 'SUCCESS' ? 'POSTED' : finished ? 'VOIDED' : 'PENDING');
      }
      // Each deposit credited exactly once.
      const credits = await pool().query<{ n: number; deposits: number }>(
        `SELECT (SELECT count(*)::int FROM ledger_transfers t JOIN deposits d ON t.reference = 'deposit:' || d.reference WHERE d.customer_id = $1 AND t.type = 'DEP') AS n,
                (SELECT count(*)::int FROM deposits WHERE customer_id = $1) AS deposits`,
        [player.id],
      );
      expect(credits.rows[0]!.n).toBe(credits.rows[0]!.deposits);
    }),
    { numRuns: 25 },
  );
}, 300_000);
