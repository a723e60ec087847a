// The back office's withdrawal audit (issue 17 item 5): the queue and detail, one winner among
// operators claiming at once, decisions only by the claimer, a rejection's reason shown to the
// player, cancel racing claim, four-eyes for large amounts, the settings — each write audited.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_PATHS } from '../../src/shared/api/withdrawals.ts';
import { AUDIT_ABOVE_LARGE_MESSAGE, FINANCE_WITHDRAWAL_PATHS } from '../../src/shared/backoffice/finance-withdrawals.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { closeRejectedApprovals } from '../../src/server/wallet/withdrawals/decisions.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { operatorHeaders, signedInOperator } from '../support/operators.ts';
import { ageAccounts, balanceOf, bindBank, call, newPlayer, withdraw, yuan, type Player } from './wallet-withdrawals-support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ WITHDRAWAL_PAYOUT_INTERVAL_MS: '0' });
});
afterAll(async () => {
  await server?.close();
});
const pool = () => server.db.database.pool;
const bo = (cookie: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) =>
  server.app.inject({
    method,
    url: `/ajax/backoffice${path}`,
    headers: method === 'GET' ? { cookie } : operatorHeaders(cookie),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const finance = () => signedInOperator(server.app, 'FINANCE');

/** A request in the manual audit queue (a first withdrawal to a new account). */
async function awaitingAudit(amount = '300', balance = yuan(1_000)): Promise<{ player: Player; id: number; reference: string }> {
  const player = await newPlayer(server, { balance });
  const response = await withdraw(server, player, await bindBank(server, player), amount);
  const body = response.json();
  expect(body.status).toBe('AUTO_AUDIT_FAILED');
  return { player, id: body.id, reference: body.reference };
}

const auditActions = async (id: number) =>
  (await pool().query<{ action: string }>(`SELECT action FROM operator_audit_log WHERE target_type = 'withdrawal' AND target_id = $1 ORDER BY id`, [String(id)])).rows.map(
    (r) => r.action,
  );

describe('queue and detail', () => {
  it('lists what awaits a person, with flags; the detail has the full destination and the history', async () => {
    const { player, id, reference } = await awaitingAudit();
    const { cookie } = await finance();
    const queue = await bo(cookie, 'GET', `${FINANCE_WITHDRAWAL_PATHS.queue}?username=${player.username}`);
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json()).toMatchObject({ total: 1, items: [{ id, reference, username: player.username, status: 'AUTO_AUDIT_FAILED', flags: ['NEW_PAYOUT_ACCOUNT', 'FIRST_WITHDRAWAL'], claimedBy: null, needsSecondApprover: false, payoutState: 'NOT_SENT' }] });
    const detail = (await bo(cookie, 'GET', FINANCE_WITHDRAWAL_PATHS.withdrawal(id))).json();
    const card = (await pool().query('SELECT account FROM payout_accounts WHERE customer_id = $1', [player.id])).rows[0].account;
    expect(detail.payoutAccount).toMatchObject({ kind: 'BANK', bankName: '中国工商银行', account: card, holderName: '张三' });
    expect(detail.customer).toMatchObject({ balance: yuan(700), depositsTotal: yuan(1_000), withdrawalsTotal: 0 });
    expect(detail.events.map((e: { action: string }) => e.action)).toEqual(['申请', '系统审核']);
  });

  it('support may read but not claim', async () => {
    const { id } = await awaitingAudit();
    const { cookie } = await signedInOperator(server.app, 'SUPPORT');
    expect((await bo(cookie, 'GET', FINANCE_WITHDRAWAL_PATHS.withdrawal(id))).statusCode).toBe(200);
    expect((await bo(cookie, 'POST', FINANCE_WITHDRAWAL_PATHS.claim(id))).statusCode).toBe(403);
    expect((await pool().query('SELECT status FROM withdrawals WHERE id = $1', [id])).rows[0].status).toBe('AUTO_AUDIT_FAILED');
  });
});

describe('claiming and deciding', () => {
  it('one of many operators claiming at once wins; only the claimer decides', async () => {
    const { id } = await awaitingAudit();
    const operators = await Promise.all(Array.from({ length: 6 }, () => finance()));
    const answers = await Promise.all(operators.map(({ cookie }) => bo(cookie, 'POST', FINANCE_WITHDRAWAL_PATHS.claim(id))));
    const winners = answers.filter((a) => a.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 403).every((a) => a.json().message === '该提现单已由其他审核员领取')).toBe(true);
    const winner = operators[answers.indexOf(winners[0]!)]!;
    const loser = operators.find((o) => o !== winner)!;
    expect(winners[0]!.json().withdrawal).toMatchObject({ status: 'AUDITING', claimedBy: winner.operator.username });
    const foreign = await bo(loser.cookie, 'POST', FINANCE_WITHDRAWAL_PATHS.approve(id), { reason: '代为通过' });
    expect(foreign.statusCode).toBe(403);
    // The claimer approves twice at once: once.
    const approvals = await Promise.all([1, 2].map(() => bo(winner.cookie, 'POST', FINANCE_WITHDRAWAL_PATHS.approve(id), { reason: '核对无误' })));
    expect(approvals.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(approvals.find((a) => a.statusCode === 200)!.json()).toMatchObject({ withdrawal: { status: 'SUBMITTED' }, approvalId: null });
    expect(await auditActions(id)).toEqual(['withdrawal.claim', 'withdrawal.approve']);
  });

  it('rejecting returns the money and shows the reason to the player', async () => {
    const { player, id, reference } = await awaitingAudit('400');
    const { cookie } = await finance();
    await bo(cookie, 'POST', FINANCE_WITHDRAWAL_PATHS.claim(id));
    const rejected = await bo(cookie, 'POST', FINANCE_WITHDRAWAL_PATHS.reject(id), { reason: '收款账户与实名不符' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await balanceOf(server, player.id)).toBe(yuan(1_000));
    const history = (await call(server, 'GET', WITHDRAWAL_PATHS.withdrawalHistory, player.cookie)).json();
    expect(history.items[0]).toMatchObject({ reference, status: 'AUDIT_NOT_PASSED', statusText: '人工审核未通过', reason: '收款账户与实名不符' });
    const transfers = (await pool().query('SELECT type, state FROM ledger_transfers WHERE reference = $1 ORDER BY id', [reference])).rows;
    expect(transfers).toEqual([
      { type: 'WPEND', state: 'VOIDED' },
      { type: 'WFAIL', state: 'POSTED' },
    ]);
    expect(await auditActions(id)).toEqual(['withdrawal.claim', 'withdrawal.reject']);
    expect((await bo(cookie, 'POST', FINANCE_WITHDRAWAL_PATHS.reject(id), { reason: '再次拒绝' })).statusCode).toBe(409);
  });

  it('a reject reason under 2 characters is refused and changes nothing', async () => {
    const { id } = await awaitingAudit();
    const { cookie } = await finance();
    await bo(cookie, 'POST', FINANCE_WITHDRAWAL_PATHS.claim(id));
    const response = await bo(cookie, 'POST', FINANCE_WITHDRAWAL_PATHS.reject(id), { reason: ' ' });
    expect(response.statusCode).toBe(400);
    expect((await pool().query('SELECT status FROM withdrawals WHERE id = $1', [id])).rows[0].status).toBe('AUDITING');
  });

  it('release puts it back in the queue, cancellable again', async () => {
    const { player, id } = await awaitingAudit();
    const { cookie } = await finance();
    await bo(cookie, 'POST', FINANCE_WITHDRAWAL_PATHS.claim(id));
    expect((await call(server, 'POST', WITHDRAWAL_PATHS.withdrawalCancel(id), player.cookie)).statusCode).toBe(409);
    const released = await bo(cookie, 'POST', FINANCE_WITHDRAWAL_PATHS.release(id));
    expect(released.json().withdrawal).toMatchObject({ status: 'AUTO_AUDIT_FAILED', claimedBy: null });
    expect((await call(server, 'POST', WITHDRAWAL_PATHS.withdrawalCancel(id), player.cookie)).statusCode).toBe(200);
  });

  it('cancel racing claim: exactly one wins, and the money follows the winner', async () => {
    const { cookie } = await finance();
    for (let round = 0; round < 5; round++) {
      const { player, id } = await awaitingAudit();
      const [cancel, claim] = await Promise.all([
        call(server, 'POST', WITHDRAWAL_PATHS.withdrawalCancel(id), player.cookie),
        bo(cookie, 'POST', FINANCE_WITHDRAWAL_PATHS.claim(id)),
      ]);
      expect([cancel.statusCode, claim.statusCode].filter((s) => s === 200)).toHaveLength(1);
      const status = (await pool().query('SELECT status FROM withdrawals WHERE id = $1', [id])).rows[0].status;
      if (cancel.statusCode === 200) {
        expect(status).toBe('CANCELLED');
        expect(claim.json().message).toBe('用户已取消该提现单');
        expect(await balanceOf(server, player.id)).toBe(yuan(1_000));
      } else {
        expect(status).toBe('AUDITING');
        expect(await balanceOf(server, player.id)).toBe(yuan(700));
      }
    }
    expect((await reconcile(pool())).ok).toBe(true);
  });
});

describe('four-eyes for large amounts', () => {
  it('the auditor files the second approval; another operator with the approve permission approves it once', async () => {
    await pool().query('UPDATE withdrawal_settings SET large_amount_threshold = $1', [yuan(1_000)]);
    try {
      const { id } = await awaitingAudit('1000', yuan(2_000));
      const auditor = await finance();
      await bo(auditor.cookie, 'POST', FINANCE_WITHDRAWAL_PATHS.claim(id));
      const first = await bo(auditor.cookie, 'POST', FINANCE_WITHDRAWAL_PATHS.approve(id), { reason: '大额核对无误' });
      expect(first.statusCode, first.body).toBe(200);
      const { approvalId } = first.json();
      expect(approvalId).toBeGreaterThan(0);
      expect(first.json().withdrawal).toMatchObject({ status: 'WAITING_FOR_AUDIT', needsSecondApprover: true });
      // Not by the same operator, not by a role without the approve permission.
      const self = await bo(auditor.cookie, 'POST', FINANCE_WITHDRAWAL_PATHS.approve(id), { reason: '再次通过' });
      expect(self.statusCode).toBe(403);
      expect(self.json().message).toBe('不能审批自己提交的申请');
      const risk = await signedInOperator(server.app, 'RISK');
      expect((await bo(risk.cookie, 'POST', FINANCE_WITHDRAWAL_PATHS.approve(id), { reason: '风控通过' })).statusCode).toBe(403);
      // Several second approvers at once: one runs it.
      const seconds = await Promise.all(Array.from({ length: 4 }, () => finance()));
      const answers = await Promise.all(seconds.map(({ cookie }) => bo(cookie, 'POST', FINANCE_WITHDRAWAL_PATHS.approve(id), { reason: '二次审批通过' })));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      const row = (await pool().query('SELECT status, approval_id FROM withdrawals WHERE id = $1', [id])).rows[0];
      expect(row).toEqual({ status: 'SUBMITTED', approval_id: approvalId });
      const events = (await pool().query<{ action: string }>('SELECT action FROM withdrawal_events WHERE withdrawal_id = $1 ORDER BY id', [id])).rows.map((e) => e.action);
      expect(events).toEqual(['申请', '系统审核', '领取', '审核通过，提交二次审批', '二次审批通过']);
    } finally {
      await pool().query('UPDATE withdrawal_settings SET large_amount_threshold = $1', [yuan(50_000)]);
    }
  });

  it('a second operator rejects from the withdrawal page, or in the approval queue: the money goes back', async () => {
    await pool().query('UPDATE withdrawal_settings SET large_amount_threshold = $1', [yuan(1_000)]);
    try {
      for (const where of ['withdrawal', 'approvals'] as const) {
        const { player, id } = await awaitingAudit('1500', yuan(2_000));
        const auditor = await finance();
        await bo(auditor.cookie, 'POST', FINANCE_WITHDRAWAL_PATHS.claim(id));
        const { approvalId } = (await bo(auditor.cookie, 'POST', FINANCE_WITHDRAWAL_PATHS.approve(id), { reason: '大额核对无误' })).json();
        const second = await finance();
        if (where === 'withdrawal') {
          const rejected = await bo(second.cookie, 'POST', FINANCE_WITHDRAWAL_PATHS.reject(id), { reason: '大额需补充材料' });
          expect(rejected.statusCode, rejected.body).toBe(200);
        } else {
          const rejected = await bo(second.cookie, 'POST', `/approvals/${approvalId}/reject`, { reason: '大额需补充材料' });
          expect(rejected.statusCode, rejected.body).toBe(200);
          expect((await closeRejectedApprovals(pool())).map((r) => r.id)).toContain(id);
        }
        const row = (await pool().query('SELECT status, reason FROM withdrawals WHERE id = $1', [id])).rows[0];
        expect(row).toEqual({ status: 'AUDIT_NOT_PASSED', reason: '大额需补充材料' });
        expect(await balanceOf(server, player.id)).toBe(yuan(2_000));
      }
      expect((await reconcile(pool())).ok).toBe(true);
    } finally {
      await pool().query('UPDATE withdrawal_settings SET large_amount_threshold = $1', [yuan(50_000)]);
    }
  });
});

describe('four-eyes whatever the audit threshold', () => {
  it('a manual-audit amount above the large-amount threshold is refused; stored all the same, a large request still waits for a person', async () => {
    const { cookie } = await finance();
    const current = (await bo(cookie, 'GET', FINANCE_WITHDRAWAL_PATHS.settings)).json();
    // Manual audit from ¥60,000, a second approver from ¥20,000: a request between the two would go straight to payout.
    const refused = await bo(cookie, 'PUT', FINANCE_WITHDRAWAL_PATHS.settings, {
      settings: { ...current, auditAmountThreshold: yuan(60_000), largeAmountThreshold: yuan(20_000) },
      reason: '调整审核金额',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: AUDIT_ABOVE_LARGE_MESSAGE, fields: { 'settings.auditAmountThreshold': AUDIT_ABOVE_LARGE_MESSAGE } });
    expect((await bo(cookie, 'GET', FINANCE_WITHDRAWAL_PATHS.settings)).json()).toEqual(current);
    // Equal thresholds are fine (every large request is audited).
    const equal = await bo(cookie, 'PUT', FINANCE_WITHDRAWAL_PATHS.settings, {
      settings: { ...current, auditAmountThreshold: current.largeAmountThreshold },
      reason: '调整审核金额',
    });
    expect(equal.statusCode, equal.body).toBe(200);
    // Such a row written past the form (an older configuration, a direct write): the automatic audit still stops the request.
    await pool().query('UPDATE withdrawal_settings SET audit_amount_threshold = $1, large_amount_threshold = $2', [yuan(60_000), yuan(20_000)]);
    try {
      // A trusted player: an old payout account and an earlier paid withdrawal, so no other audit flag applies.
      const player = await newPlayer(server, { balance: yuan(50_000) });
      const accountId = await bindBank(server, player);
      await ageAccounts(server, player.id);
      await pool().query(
        `INSERT INTO withdrawals (reference, customer_id, payout_account_id, kind, amount, fee, net_amount, status, client_key, created_at)
         VALUES ($1, $2, $3, 'BANK', $4, 0, $4, 'SUCCESS', $5, now() - interval '3 days')`,
        [`WFOUR${player.id}`, player.id, accountId, yuan(100), randomUUID()],
      );
      const response = await withdraw(server, player, accountId, '30000');
      expect(response.statusCode, response.body).toBe(200);
      const row = (await pool().query('SELECT status, flags FROM withdrawals WHERE id = $1', [response.json().id])).rows[0];
      // ¥30,000 ≥ the ¥20,000 large-amount threshold: an operator first, then a second one.
      expect(row).toEqual({ status: 'AUTO_AUDIT_FAILED', flags: ['LARGE_AMOUNT'] });
    } finally {
      await bo(cookie, 'PUT', FINANCE_WITHDRAWAL_PATHS.settings, { settings: current, reason: '恢复设置' });
    }
  });
});

describe('settings', () => {
  it('finance reads and changes them (audited); a bad combination is refused and changes nothing', async () => {
    const { cookie } = await finance();
    const current = (await bo(cookie, 'GET', FINANCE_WITHDRAWAL_PATHS.settings)).json();
    expect(current).toMatchObject({ minAmount: yuan(100), maxAmount: yuan(50_000), dailyCountLimit: 5, largeAmountThreshold: yuan(50_000) });
    const bad = await bo(cookie, 'PUT', FINANCE_WITHDRAWAL_PATHS.settings, { settings: { ...current, minAmount: yuan(60_000) }, reason: '调整限额' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('最低提现金额不能高于最高提现金额');
    const changed = await bo(cookie, 'PUT', FINANCE_WITHDRAWAL_PATHS.settings, { settings: { ...current, feeRateBp: 100, feeMin: yuan(2) }, reason: '开启手续费' });
    expect(changed.statusCode, changed.body).toBe(200);
    try {
      const player = await newPlayer(server, { balance: yuan(1_000) });
      const response = await withdraw(server, player, await bindBank(server, player), '100');
      expect(response.json()).toMatchObject({ amount: yuan(100), fee: yuan(2), netAmount: yuan(98) });
      const audited = await pool().query(`SELECT action FROM operator_audit_log WHERE action = 'finance.withdrawal-settings.update'`);
      expect(audited.rowCount).toBeGreaterThan(0);
    } finally {
      await bo(cookie, 'PUT', FINANCE_WITHDRAWAL_PATHS.settings, { settings: current, reason: '恢复设置' });
    }
    const support = await signedInOperator(server.app, 'SUPPORT');
    expect((await bo(support.cookie, 'GET', FINANCE_WITHDRAWAL_PATHS.settings)).statusCode).toBe(403);
  });
});
