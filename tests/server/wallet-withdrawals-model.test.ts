// A model-based property test (fast-check): random sequences of deposits, withdrawal requests,
// cancellations, claims, approvals, rejections and payout outcomes (duplicated and out of order, as a
// gateway may send them) against a simple model of the balance and of each request's status — the
// audit rules included. After every step the database agrees with the model and the ledger reconciles.
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
import { startTestServer, type TestServer } from '../support/db.ts';
import { createOperator } from '../support/operators.ts';
import { ageAccounts, balanceOf, bindBank, deposit, newPlayer, yuan } from './wallet-withdrawals-support.ts';

let server: TestServer;
let operator: { id: number; username: string };
beforeAll(async () => {
  server = await startTestServer({ WITHDRAWAL_PAYOUT_INTERVAL_MS: '0' });
  await server.db.database.pool.query('UPDATE withdrawal_settings SET daily_count_limit = 1000, daily_amount_limit = $1', [yuan(10_000_000)]);
  const created = await createOperator(server.app, 'FINANCE');
  operator = { id: created.id, username: created.username };
});
afterAll(async () => {
  await server?.close();
});
const pool = () => server.db.database.pool;

type Status = 'AUTO_AUDIT_FAILED' | 'AUDITING' | 'SUBMITTED' | 'SUCCESS' | 'FAILED' | 'AUDIT_NOT_PASSED' | 'CANCELLED';
interface ModelWithdrawal {
  id: number;
  reference: string;
  amount: number;
  status: Status;
}
const RETURNED: Status[] = ['FAILED', 'AUDIT_NOT_PASSED', 'CANCELLED'];

const action = fc.oneof(
  fc.record({ t: fc.constant('deposit' as const), yuan: fc.integer({ min: 100, max: 2_000 }) }),
  fc.record({ t: fc.constant('request' as const), yuan: fc.integer({ min: 100, max: 1_500 }) }),
  fc.record({ t: fc.constantFrom('cancel' as const, 'claim' as const, 'approve' as const, 'reject' as const, 'paid' as const, 'failed' as const), pick: fc.nat() }),
);

it('withdrawals follow the model and the ledger reconciles after every step', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: 6, maxLength: 24 }), async (actions) => {
      const player = await newPlayer(server);
      const account = await bindBank(server, player);
      await ageAccounts(server, player.id);
      let balance = 0;
      const requests: ModelWithdrawal[] = [];
      const tryIt = async (work: () => Promise<unknown>) => {
        try {
          await work();
          return true;
        } catch {
          return false;
        }
      };
      for (const step of actions) {
        const target = step.t !== 'deposit' && step.t !== 'request' && requests.length > 0 ? requests[step.pick % requests.length]! : null;
        switch (step.t) {
          case 'deposit':
            await deposit(server, player.id, yuan(step.yuan));
            balance += yuan(step.yuan);
            break;
          case 'request': {
            const amount = yuan(step.yuan);
            const ok = await tryIt(async () => {
              const placed = await placeWithdrawal(pool(), player.id, { payoutAccountId: account, amount, clientKey: randomUUID() });
              await autoAudit(pool(), placed.row.id);
              // The audit rules, as the model sees them: the first paid withdrawal, and more than 3 active today.
              const active = requests.filter((r) => !RETURNED.includes(r.status)).length + 1;
              const passes = requests.some((r) => r.status === 'SUCCESS') && active <= 3;
              requests.push({ id: placed.row.id, reference: placed.row.reference, amount, status: passes ? 'SUBMITTED' : 'AUTO_AUDIT_FAILED' });
            });
            expect(ok).toBe(amount <= balance);
            if (ok) balance -= amount;
            break;
          }
          case 'cancel':
            if (!target) break;
            expect(await tryIt(() => cancelWithdrawal(pool(), player.id, target.id))).toBe(target.status === 'AUTO_AUDIT_FAILED');
            if (target.status === 'AUTO_AUDIT_FAILED') {
              target.status = 'CANCELLED';
              balance += target.amount;
            }
            break;
          case 'claim':
            if (!target) break;
            expect(await tryIt(() => withTransaction(pool(), (c) => claimWithdrawal(c, target.id, operator)))).toBe(target.status === 'AUTO_AUDIT_FAILED');
            if (target.status === 'AUTO_AUDIT_FAILED') target.status = 'AUDITING';
            break;
          case 'approve':
            if (!target) break;
            expect(await tryIt(() => withTransaction(pool(), (c) => passAudit(c, target.id, operator, false, '核对无误')))).toBe(target.status === 'AUDITING');
            if (target.status === 'AUDITING') target.status = 'SUBMITTED';
            break;
          case 'reject':
            if (!target) break;
            expect(await tryIt(() => withTransaction(pool(), (c) => rejectWithdrawal(c, target.id, operator, 'AUDITING', '资料不符')))).toBe(target.status === 'AUDITING');
            if (target.status === 'AUDITING') {
              target.status = 'AUDIT_NOT_PASSED';
              balance += target.amount;
            }
            break;
          case 'paid':
          case 'failed':
            if (!target) break;
            // Any request may be named by a (late, duplicated, stray) notification: only SUBMITTED moves.
            await handlePayoutNotification(server.ctx, {
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
        expect(await balanceOf(server, player.id)).toBe(balance);
        const stored = await pool().query<{ id: number; status: string }>('SELECT id, status FROM withdrawals WHERE customer_id = $1 ORDER BY id', [player.id]);
        expect(stored.rows).toEqual(requests.map((r) => ({ id: r.id, status: r.status })));
      }
      const report = await reconcile(pool());
      expect(report.ok).toBe(true);
      // Every hold resolved at most once; every finished request resolved it exactly once.
      const holds = await pool().query<{ reference: string; state: string; resolutions: number }>(
        `SELECT t.reference, t.state, (SELECT count(*)::int FROM ledger_transfers r WHERE r.idempotency_key LIKE 'pending:' || t.id || ':%') AS resolutions
           FROM ledger_transfers t WHERE t.type = 'WPEND' AND t.reference = ANY($1::text[])`,
        [requests.map((r) => r.reference)],
      );
      for (const hold of holds.rows) {
        const request = requests.find((r) => r.reference === hold.reference)!;
        const finished = ['SUCCESS', ...RETURNED].includes(request.status);
        expect(hold.resolutions).toBe(finished ? 1 : 0);
        expect(hold.state).toBe(request.status === 'SUCCESS' ? 'POSTED' : finished ? 'VOIDED' : 'PENDING');
      }
    }),
    { numRuns: 25 },
  );
}, 120_000);
