// Red packets (issue 22 item 2): claims under concurrency never exceed the count or the budget and
// give each customer at most one award; the customer endpoints' access, eligibility and bad input; the
// back office's create / pause / resume / end with their audit rows; the split verifiable once ended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRedPacketDetail, CreateRedPacketBody, PublicRedPacket, RedPacketVerificationData } from '../../src/shared/api/red-packets.ts';
import { verifyRedPacket } from '../../src/shared/red-packets/verify.ts';
import { claimRedPacket } from '../../src/server/red-packets/claim.ts';
import { runRedPacketLifecycleOnce } from '../../src/server/red-packets/lifecycle.ts';
import { escrowCode } from '../../src/server/red-packets/store.ts';
import { createTestAccount } from '../../src/server/testing/test-accounts.ts';
import { playerBalance, reconcile } from '../../src/server/wallet/ledger.ts';
import { readRequiredStake } from '../../src/server/wallet/required-stake.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { operatorCookie, operatorHeaders } from '../support/operators.ts';

let server: TestServer;
let operator: string;

beforeAll(async () => {
  server = await startTestServer();
  operator = await operatorCookie(server.app, 'OPERATIONS');
});
afterAll(() => server?.close());

const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
const inADay = () => new Date(Date.now() + 86_400_000).toISOString();

async function createPacket(body: Partial<CreateRedPacketBody> = {}): Promise<AdminRedPacketDetail['packet']> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/ajax/backoffice/red-packets',
    headers: operatorHeaders(operator),
    payload: { title: '新春红包', description: '人人有份', budget: 1_000_000, count: 10, rule: 'FIXED', startsAt: hourAgo(), endsAt: inADay(), ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as AdminRedPacketDetail).packet;
}

/** Customers made straight in the database (the concurrency test needs hundreds). */
async function insertCustomers(count: number, vipLevel = 'NOT_VIP'): Promise<number[]> {
  const tag = Math.random().toString(36).slice(2, 8);
  const inserted = await server.db.database.pool.query<{ id: number }>(
    `INSERT INTO customers (username, username_key, password_hash, alias, type, vip_level)
     SELECT 'rp_' || $1 || '_' || g, 'rp_' || $1 || '_' || g, 'x', '红包测试', 'PLAYER', $3 FROM generate_series(1, $2) AS g RETURNING id`,
    [tag, count, vipLevel],
  );
  return inserted.rows.map((row) => Number(row.id));
}

async function playerCookie(kind: 'PLAYER' | 'TRIAL' = 'PLAYER', vipLevel: 'NOT_VIP' | 'VIP_1' = 'NOT_VIP') {
  const account = await createTestAccount(server.db.database.pool, { kind, alias: '红包', vipLevel, funds: 0 });
  const id = await server.db.database.pool.query<{ id: number }>('SELECT id FROM customers WHERE username_key = $1', [account.username]);
  return { cookie: await loginCookie(server.app, account.username, account.password), customerId: Number(id.rows[0]!.id) };
}

const claim = (cookie: string | undefined, id: number | string, payload: unknown = { depositId: null, missionId: null }) =>
  server.app.inject({ method: 'POST', url: `/ajax/red-packet/${id}/claim`, headers: { ...MUTATION_HEADERS, ...(cookie ? { cookie } : {}) }, payload: payload as object });
const claimable = (cookie: string | undefined) =>
  server.app.inject({ method: 'GET', url: '/ajax/red-packet/claimable', headers: cookie ? { cookie } : {} });

describe('claims under concurrency', () => {
  it('500 simultaneous claims of a 100-packet red packet give exactly 100 awards within budget, one per customer', async () => {
    const packet = await createPacket({ rule: 'RANDOM', budget: 5_000_000, count: 100, min: 10_000, max: 200_000 });
    const customers = await insertCustomers(300);
    // 300 customers, 200 of them trying twice: 500 claims at once.
    const attempts = [...customers, ...customers.slice(0, 200)].sort(() => Math.random() - 0.5);
    const results = await Promise.allSettled(attempts.map((customerId) => claimRedPacket(server.ctx, customerId, packet.id)));
    const awarded = results.filter((r) => r.status === 'fulfilled');
    expect(awarded).toHaveLength(100);
    for (const refused of results.filter((r) => r.status === 'rejected')) {
      expect((refused.reason as { statusCode?: number }).statusCode).toBe(409);
    }
    const pool = server.db.database.pool;
    const claims = await pool.query<{ customer_id: number; seq: number; amount: number }>(
      'SELECT customer_id, seq, amount FROM red_packet_claims WHERE packet_id = $1 ORDER BY seq',
      [packet.id],
    );
    expect(claims.rows).toHaveLength(100);
    expect(new Set(claims.rows.map((c) => c.customer_id)).size).toBe(100);
    expect(claims.rows.map((c) => c.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(claims.rows.reduce((sum, c) => sum + Number(c.amount), 0)).toBe(5_000_000);
    const escrow = await pool.query<{ balance: number }>('SELECT balance FROM ledger_accounts WHERE code = $1', [escrowCode(packet.id)]);
    expect(Number(escrow.rows[0]!.balance)).toBe(0);
    for (const c of claims.rows.slice(0, 5)) expect(await playerBalance(pool, c.customer_id)).toBe(Number(c.amount));
    expect((await reconcile(pool)).ok).toBe(true);

    // Sold out: ended, the seed is public and the split checks out against every claim.
    const verification = (await server.app.inject({ method: 'GET', url: `/ajax/red-packet/${packet.id}/verification` })).json() as RedPacketVerificationData;
    expect(verification.packet.state).toBe('ENDED');
    expect(verification.packet.seed).toMatch(/^[0-9a-f]{64}$/);
    const verdict = await verifyRedPacket({
      id: packet.id,
      seed: verification.packet.seed!,
      commitment: packet.commitment,
      budget: packet.budget,
      count: packet.count,
      rule: packet.rule,
      min: packet.min,
      max: packet.max,
      claimedAmounts: verification.claims.map((k) => k.amount),
    });
    expect(verdict.verdict).toBe('PASS');
    expect(verification.claims[0]!.name).toContain('***');
  }, 120_000);

  it('gives one customer one award however many claims it fires at once', async () => {
    const packet = await createPacket({ budget: 2_000_000, count: 20 });
    const [customerId] = await insertCustomers(1);
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => claimRedPacket(server.ctx, customerId!, packet.id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await playerBalance(server.db.database.pool, customerId!)).toBe(100_000);
  });
});

describe('the customer endpoints', () => {
  it('refuses anonymous callers and trial accounts (trial modal code)', async () => {
    const packet = await createPacket();
    expect((await claimable(undefined)).statusCode).toBe(401);
    expect((await claim(undefined, packet.id)).statusCode).toBe(401);
    const trial = await playerCookie('TRIAL');
    const refused = await claim(trial.cookie, packet.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TRIAL_FORBIDDEN', message: '试玩账号不能领取红包' });
    expect((await claimable(trial.cookie)).json()).toMatchObject({ code: 'TRIAL_FORBIDDEN' });
  });

  it('lists a claimable packet, claims it once with its award and required stake, then drops it', async () => {
    const packet = await createPacket({ title: '领取测试', stakeMultipleBp: 20_000 });
    const player = await playerCookie();
    const listed = (await claimable(player.cookie)).json() as { id: number; title: string; commitment: string }[];
    expect(listed.find((p) => p.id === packet.id)).toMatchObject({ title: '领取测试', commitment: packet.commitment });
    const first = await claim(player.cookie, packet.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ id: packet.id, award: 100_000, balance: 100_000 });
    expect((await readRequiredStake(server.db.database.pool, player.customerId)).remaining).toBe(200_000);
    const again = await claim(player.cookie, packet.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('您已领取过该红包');
    expect(((await claimable(player.cookie)).json() as { id: number }[]).map((p) => p.id)).not.toContain(packet.id);
    const transfer = await server.db.database.pool.query('SELECT type FROM ledger_transfers WHERE idempotency_key = $1', [
      `red-packet:${packet.id}:${player.customerId}`,
    ]);
    expect(transfer.rows[0]).toEqual({ type: 'PB' });
  });

  it('answers bad input with a Chinese 4xx and changes nothing', async () => {
    const packet = await createPacket();
    const player = await playerCookie();
    for (const id of ['abc', '-1', '0', '1.5', '99999999999999999999', '%00']) {
      const response = await claim(player.cookie, id);
      expect(response.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, id).toBeLessThan(500);
    }
    expect((await claim(player.cookie, 987_654)).statusCode).toBe(404);
    for (const payload of [{ depositId: 5 }, { missionId: 'x' }, []]) {
      const response = await claim(player.cookie, packet.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await playerBalance(server.db.database.pool, player.customerId)).toBe(0);
    expect((await claim(player.cookie, packet.id, {})).statusCode).toBe(200);
  });

  it('keeps packets from customers their conditions exclude, with a Chinese refusal', async () => {
    const vipOnly = await createPacket({ conditions: { vipLevels: ['VIP_1'], minDepositToday: 0, registeredBeforeStart: false } });
    const depositors = await createPacket({ conditions: { vipLevels: [], minDepositToday: 1_000_000, registeredBeforeStart: false } });
    const veterans = await createPacket({ conditions: { vipLevels: [], minDepositToday: 0, registeredBeforeStart: true } });
    const player = await playerCookie();
    const vip = await playerCookie('PLAYER', 'VIP_1');
    const listed = ((await claimable(player.cookie)).json() as { id: number }[]).map((p) => p.id);
    for (const excluded of [vipOnly, depositors, veterans]) expect(listed).not.toContain(excluded.id);
    expect((await claim(player.cookie, vipOnly.id)).json()).toMatchObject({ message: '您的 VIP 等级不符合领取条件' });
    expect((await claim(player.cookie, depositors.id)).json().message).toBe('今日充值满 100.00 元才能领取该红包');
    expect((await claim(player.cookie, veterans.id)).json().message).toBe('仅限活动开始前注册的会员领取');
    expect(((await claimable(vip.cookie)).json() as { id: number }[]).map((p) => p.id)).toContain(vipOnly.id);
    expect((await claim(vip.cookie, vipOnly.id)).statusCode).toBe(200);
  });

  it('refuses scheduled, paused and ended packets', async () => {
    const player = await playerCookie();
    const later = await createPacket({ startsAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await claim(player.cookie, later.id)).json().message).toBe('红包活动尚未开始');
    const paused = await createPacket();
    const act = (id: number, action: string) =>
      server.app.inject({ method: 'PUT', url: `/ajax/backoffice/red-packets/${id}/${action}`, headers: operatorHeaders(operator), payload: { reason: '测试操作' } });
    expect((await act(paused.id, 'pause')).statusCode).toBe(200);
    expect((await claim(player.cookie, paused.id)).json().message).toBe('红包活动已暂停');
    expect((await act(paused.id, 'pause')).statusCode).toBe(409);
    expect((await act(paused.id, 'resume')).statusCode).toBe(200);
    expect((await claim(player.cookie, paused.id)).statusCode).toBe(200);
    const ended = await act(paused.id, 'end');
    expect(ended.statusCode).toBe(200);
    expect((ended.json() as AdminRedPacketDetail).packet).toMatchObject({ state: 'ENDED', spent: 100_000 });
    expect((await claim(player.cookie, paused.id)).statusCode).toBe(409);
    // The rest of the budget went back to the house; the seed is public.
    const escrow = await server.db.database.pool.query<{ balance: number }>('SELECT balance FROM ledger_accounts WHERE code = $1', [escrowCode(paused.id)]);
    expect(Number(escrow.rows[0]!.balance)).toBe(0);
    const list = (await server.app.inject({ method: 'GET', url: '/ajax/red-packet/list' })).json() as PublicRedPacket[];
    expect(list.find((p) => p.id === paused.id)?.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(list.find((p) => p.id === later.id)?.seed).toBeNull();
    const audit = await server.db.database.pool.query<{ action: string }>(
      `SELECT action FROM operator_audit_log WHERE target_type = 'red_packet' AND target_id = $1 ORDER BY id`,
      [String(paused.id)],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['redPacket.create', 'redPacket.pause', 'redPacket.resume', 'redPacket.end']);
  });

  it('ends a packet at its end time (lifecycle job) and returns the unclaimed budget', async () => {
    const packet = await createPacket();
    await server.db.database.pool.query(`UPDATE red_packets SET ends_at = now() - interval '1 second', starts_at = now() - interval '2 hours' WHERE id = $1`, [packet.id]);
    const result = await runRedPacketLifecycleOnce(server.ctx);
    expect(result.ended).toBeGreaterThanOrEqual(1);
    const escrow = await server.db.database.pool.query<{ balance: number }>('SELECT balance FROM ledger_accounts WHERE code = $1', [escrowCode(packet.id)]);
    expect(Number(escrow.rows[0]!.balance)).toBe(0);
    expect((await reconcile(server.db.database.pool)).ok).toBe(true);
  });

  it('announces a scheduled packet once its start time has come, once', async () => {
    const packet = await createPacket({ startsAt: new Date(Date.now() + 3_600_000).toISOString() });
    await server.db.database.pool.query(`UPDATE red_packets SET starts_at = now() - interval '1 second' WHERE id = $1`, [packet.id]);
    expect((await runRedPacketLifecycleOnce(server.ctx)).started).toBe(1);
    expect((await runRedPacketLifecycleOnce(server.ctx)).started).toBe(0);
  });
});

describe('the back office', () => {
  const create = (payload: object, cookie = operator) =>
    server.app.inject({ method: 'POST', url: '/ajax/backoffice/red-packets', headers: operatorHeaders(cookie), payload });
  const base = { title: '红包', budget: 1_000_000, count: 10, rule: 'FIXED', startsAt: hourAgo(), endsAt: inADay() };

  it('validates the split and the window in Chinese', async () => {
    const cases: [object, string][] = [
      [{ ...base, count: 3 }, '固定金额红包的总额须能按分平均分给每个红包'],
      [{ ...base, rule: 'RANDOM' }, '随机金额红包须设置单个红包的最小和最大金额'],
      [{ ...base, rule: 'RANDOM', min: 200_000, max: 300_000 }, '红包总额不足以让每个红包都达到最小金额'],
      [{ ...base, rule: 'RANDOM', min: 10_000, max: 50_000 }, '红包总额超过了每个红包最大金额之和'],
      [{ ...base, budget: 1_000_050 }, '红包总额须为大于 0 的金额，精确到分'],
      [{ ...base, endsAt: hourAgo(), startsAt: inADay() }, '结束时间须晚于开始时间'],
      [{ ...base, title: '' }, '请输入 1-40 个字符的标题'],
    ];
    for (const [payload, message] of cases) {
      const response = await create(payload);
      expect(response.statusCode, message).toBe(400);
      expect(Object.values(response.json().fields ?? {}).concat(response.json().message)).toContain(message);
    }
  });

  it('lets finance read but not create', async () => {
    const finance = await operatorCookie(server.app, 'FINANCE');
    expect((await create(base, finance)).statusCode).toBe(403);
    const list = await server.app.inject({ method: 'GET', url: '/ajax/backoffice/red-packets', headers: { cookie: finance } });
    expect(list.statusCode).toBe(200);
    expect(list.json().packets.length).toBeGreaterThan(0);
  });
});
