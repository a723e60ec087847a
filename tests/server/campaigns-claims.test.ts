// Issue 22 item 1: a first-deposit campaign end to end on the server — the claim states computed from
// the customer's credited deposits, one CA transfer with its required stake, a claim fired from many
// connections at once paying once, a budget never exceeded, approvals (four-eyes above the
// threshold), trial and anonymous refusals.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_ADMIN_PATHS, CAMPAIGN_PATHS, CLAIM_FOUR_EYES_THRESHOLD } from '../../src/shared/api/campaigns.ts';
import { yuan } from '../../src/shared/money.ts';
import { claimCampaign } from '../../src/server/campaigns/claim.ts';
import { playerBalance, reconcile } from '../../src/server/wallet/ledger.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { signedInOperator } from '../support/operators.ts';
import { asOperator, creditedDeposit, newPlayer, publishedCampaign, requiredStake, send } from './campaigns-support.ts';

let server: TestServer;
let ops: string;
let finance: string;

beforeAll(async () => {
  server = await startTestServer();
  ops = (await signedInOperator(server.app, 'OPERATIONS')).cookie;
  finance = (await signedInOperator(server.app, 'FINANCE')).cookie;
});
afterAll(async () => {
  await server?.close();
});

const stateOf = async (cookie: string | null, id: number) => {
  const detail = await send(server, 'GET', CAMPAIGN_PATHS.detail(id), cookie);
  expect(detail.statusCode, detail.body).toBe(200);
  return detail.json().claim as { state: string; reason: string | null; amount: number | null };
};

describe('a first-deposit campaign', () => {
  it('is NOT_CLAIMABLE before the deposit, CLAIMABLE after it, and a claim pays one CA transfer with its required stake', async () => {
    const id = await publishedCampaign(server, ops);
    const player = await newPlayer(server);
    expect(await stateOf(player.cookie, id)).toMatchObject({ state: 'NOT_CLAIMABLE', reason: '活动期间首次充值满 ¥100.00 即可领取' });

    await creditedDeposit(server, player.id, 150);
    expect(await stateOf(player.cookie, id)).toEqual({ state: 'CLAIMABLE', reason: null, amount: yuan(150) });
    const stakeBefore = await requiredStake(server, player.id);

    const claimed = await send(server, 'POST', CAMPAIGN_PATHS.claim(id), player.cookie);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({ claim: { status: 'PAID', amount: yuan(150), requiredStake: yuan(750) }, balance: yuan(300) });
    expect(await playerBalance(server.db.database.pool, player.id)).toBe(yuan(300));
    expect(await requiredStake(server, player.id)).toBe(stakeBefore + yuan(750));
    expect(await stateOf(player.cookie, id)).toMatchObject({ state: 'CLAIMED', amount: yuan(150) });

    const statement = await send(server, 'GET', '/ajax/wallet/transactions', player.cookie);
    expect(statement.json().items.find((e: { type: string }) => e.type === 'CA'), statement.body).toMatchObject({ amount: yuan(150) });

    const again = await send(server, 'POST', CAMPAIGN_PATHS.claim(id), player.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('本期已领取，请勿重复领取');
    const history = await send(server, 'GET', CAMPAIGN_PATHS.claims, player.cookie);
    expect(history.json().claims).toEqual([expect.objectContaining({ campaignId: id, status: 'PAID', amount: yuan(150) })]);
    expect((await reconcile(server.db.database.pool)).ok).toBe(true);
  });

  it('caps the percentage and refuses a first deposit below the minimum or before the campaign', async () => {
    const early = await newPlayer(server);
    await creditedDeposit(server, early.id, 500);
    await server.db.database.pool.query(`UPDATE deposits SET credited_at = now() - interval '2 hours' WHERE customer_id = $1`, [early.id]);
    const id = await publishedCampaign(server, ops);
    expect(await stateOf(early.cookie, id)).toMatchObject({ state: 'NOT_CLAIMABLE', reason: '首次充值不在活动期间内' });

    const small = await newPlayer(server);
    await creditedDeposit(server, small.id, 50);
    await creditedDeposit(server, small.id, 500);
    expect(await stateOf(small.cookie, id)).toMatchObject({ state: 'NOT_CLAIMABLE', reason: '首次充值未满 ¥100.00' });
    expect((await send(server, 'POST', CAMPAIGN_PATHS.claim(id), small.cookie)).statusCode).toBe(409);

    const big = await newPlayer(server);
    await creditedDeposit(server, big.id, 1_000);
    expect(await stateOf(big.cookie, id)).toMatchObject({ state: 'CLAIMABLE', amount: yuan(188) });
  });

  it('claimed twenty times at once from many connections pays once', async () => {
    const id = await publishedCampaign(server, ops);
    const player = await newPlayer(server);
    await creditedDeposit(server, player.id, 100);
    const pools = Array.from({ length: 4 }, () => new pg.Pool({ connectionString: server.db.url, max: 5 }));
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => claimCampaign(pools[i % pools.length]!, id, player.id)),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const refused of results.filter((r) => r.status === 'rejected')) {
        expect((refused as PromiseRejectedResult).reason.message).toBe('本期已领取，请勿重复领取');
      }
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
    const claims = await server.db.database.pool.query('SELECT count(*)::int AS n FROM campaign_claims WHERE campaign_id = $1', [id]);
    expect(claims.rows[0].n).toBe(1);
    expect(await playerBalance(server.db.database.pool, player.id)).toBe(yuan(200));
    expect((await reconcile(server.db.database.pool)).ok).toBe(true);
  });

  it('never pays past its budget when many players claim at once', async () => {
    const id = await publishedCampaign(server, ops, { reward: { kind: 'FIXED', amount: yuan(10) }, budget: yuan(30) });
    const players = await Promise.all(Array.from({ length: 8 }, () => newPlayer(server)));
    for (const player of players) await creditedDeposit(server, player.id, 100);
    const pools = Array.from({ length: 4 }, () => new pg.Pool({ connectionString: server.db.url, max: 4 }));
    try {
      const results = await Promise.allSettled(players.map((p, i) => claimCampaign(pools[i % pools.length]!, id, p.id)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
    const row = await server.db.database.pool.query('SELECT committed FROM campaigns WHERE id = $1', [id]);
    expect(Number(row.rows[0].committed)).toBe(yuan(30));
    expect(await stateOf(players[7]!.cookie, id)).toMatchObject({ state: expect.stringMatching(/CLAIMED|NOT_CLAIMABLE/) });
  });
});

describe('who may claim', () => {
  it('shows visitors 登录后参加 and refuses them with 401; trial accounts get TRIAL_FORBIDDEN', async () => {
    const id = await publishedCampaign(server, ops);
    const list = await send(server, 'GET', CAMPAIGN_PATHS.list, null);
    expect(list.statusCode).toBe(200);
    expect(list.json().campaigns.find((c: { id: number }) => c.id === id).claim).toEqual({ state: 'NOT_CLAIMABLE', reason: '登录后参加', amount: null });
    expect((await send(server, 'POST', CAMPAIGN_PATHS.claim(id), null)).statusCode).toBe(401);
    expect((await send(server, 'GET', CAMPAIGN_PATHS.claims, null)).statusCode).toBe(401);

    const trial = await newPlayer(server, { trial: true });
    await creditedDeposit(server, trial.id, 200);
    expect(await stateOf(trial.cookie, id)).toMatchObject({ state: 'NOT_CLAIMABLE', reason: '试玩账号不能参加活动' });
    const refused = await send(server, 'POST', CAMPAIGN_PATHS.claim(id), trial.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'TRIAL_FORBIDDEN', message: '试玩账号不能参加活动' });
    expect(await playerBalance(server.db.database.pool, trial.id)).toBe(yuan(200));
  });

  it('drafts are invisible; paused and ended campaigns refuse claims; bad ids and tabs are 4xx', async () => {
    const created = await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.campaigns, ops, { ...(await import('./campaigns-support.ts')).campaignInput() });
    const draft = created.json().id as number;
    const player = await newPlayer(server);
    await creditedDeposit(server, player.id, 100);
    expect((await send(server, 'GET', CAMPAIGN_PATHS.detail(draft), player.cookie)).statusCode).toBe(404);
    expect((await send(server, 'POST', CAMPAIGN_PATHS.claim(draft), player.cookie)).statusCode).toBe(404);

    const id = await publishedCampaign(server, ops);
    await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.status(id), ops, { action: 'PAUSE' });
    expect(await stateOf(player.cookie, id)).toMatchObject({ state: 'NOT_CLAIMABLE', reason: '活动已暂停' });
    expect((await send(server, 'POST', CAMPAIGN_PATHS.claim(id), player.cookie)).json().message).toBe('活动已暂停');
    await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.status(id), ops, { action: 'RESUME' });
    expect(await stateOf(player.cookie, id)).toMatchObject({ state: 'CLAIMABLE' });
    await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.status(id), ops, { action: 'END' });
    expect((await send(server, 'POST', CAMPAIGN_PATHS.claim(id), player.cookie)).json().message).toBe('活动已结束');

    for (const url of ['/ajax/campaign/abc', '/ajax/campaign/-1', '/ajax/campaign/99999999999']) {
      const response = await send(server, 'GET', url, player.cookie);
      expect([400, 404], url).toContain(response.statusCode);
    }
    const badTab = await send(server, 'GET', `${CAMPAIGN_PATHS.list}?tab=NOPE`, player.cookie);
    expect(badTab.statusCode).toBe(400);
    expect(badTab.json().message).toBe('活动分类不存在');
    const tab = await send(server, 'GET', `${CAMPAIGN_PATHS.list}?tab=DEPOSIT`, player.cookie);
    expect(tab.json().campaigns.every((c: { displayTab: string }) => c.displayTab === 'DEPOSIT')).toBe(true);
  });
});

describe('claims waiting for approval', () => {
  it('a small claim is paid by one operator; a rejected one releases its budget', async () => {
    const id = await publishedCampaign(server, ops, { needsApproval: true, budget: yuan(1_000) });
    const player = await newPlayer(server);
    await creditedDeposit(server, player.id, 100);
    const claimed = await send(server, 'POST', CAMPAIGN_PATHS.claim(id), player.cookie);
    expect(claimed.json()).toMatchObject({ claim: { status: 'WAITING_FOR_APPROVAL' }, balance: null });
    expect(await stateOf(player.cookie, id)).toMatchObject({ state: 'PENDING', reason: '等待审核' });
    expect(await playerBalance(server.db.database.pool, player.id)).toBe(yuan(100));

    const pending = await asOperator(server, 'GET', `${CAMPAIGN_ADMIN_PATHS.claims}?campaignId=${id}`, finance);
    const claimId = pending.json().claims[0].id as number;
    expect((await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.approve(claimId), ops, {})).statusCode).toBe(403);
    const approved = await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.approve(claimId), finance, {});
    expect(approved.json()).toEqual({ outcome: 'PAID', approvalId: null });
    expect(await playerBalance(server.db.database.pool, player.id)).toBe(yuan(200));
    expect(await stateOf(player.cookie, id)).toMatchObject({ state: 'CLAIMED' });
    expect((await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.approve(claimId), finance, {})).statusCode).toBe(409);

    const other = await newPlayer(server);
    await creditedDeposit(server, other.id, 100);
    const second = (await send(server, 'POST', CAMPAIGN_PATHS.claim(id), other.cookie)).json().claim.id as number;
    expect((await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.reject(second), finance, { reason: '' })).statusCode).toBe(400);
    expect((await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.reject(second), finance, { reason: '重复账户' })).statusCode).toBe(200);
    expect(await stateOf(other.cookie, id)).toMatchObject({ state: 'NOT_CLAIMABLE', reason: '申请未通过：重复账户' });
    const row = await server.db.database.pool.query('SELECT committed FROM campaigns WHERE id = $1', [id]);
    expect(Number(row.rows[0].committed)).toBe(yuan(100));
    const history = await send(server, 'GET', CAMPAIGN_PATHS.claims, other.cookie);
    expect(history.json().claims[0]).toMatchObject({ status: 'REJECTED', rejectReason: '重复账户' });
  });

  it('a claim above the threshold needs a second operator through the approval queue', async () => {
    const bonus = CLAIM_FOUR_EYES_THRESHOLD + yuan(1);
    const id = await publishedCampaign(server, ops, { needsApproval: true, reward: { kind: 'FIXED', amount: bonus } });
    const player = await newPlayer(server);
    await creditedDeposit(server, player.id, 100);
    const claimId = (await send(server, 'POST', CAMPAIGN_PATHS.claim(id), player.cookie)).json().claim.id as number;

    const filed = await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.approve(claimId), finance, { reason: '核实无误' });
    expect(filed.json()).toMatchObject({ outcome: 'FOUR_EYES', approvalId: expect.any(Number) });
    expect(await playerBalance(server.db.database.pool, player.id)).toBe(yuan(100));
    const approvalId = filed.json().approvalId as number;
    const self = await asOperator(server, 'POST', `/ajax/backoffice/approvals/${approvalId}/approve`, finance, {});
    expect(self.statusCode).toBe(403);
    const risk = (await signedInOperator(server.app, 'RISK')).cookie;
    const second = await asOperator(server, 'POST', `/ajax/backoffice/approvals/${approvalId}/approve`, risk, {});
    expect(second.statusCode, second.body).toBe(200);
    expect(await playerBalance(server.db.database.pool, player.id)).toBe(yuan(100) + bonus);
    expect(await stateOf(player.cookie, id)).toMatchObject({ state: 'CLAIMED', amount: bonus });
  });
});

// One operator must not be able to pay a chosen player a large sum alone, and a claim racing an
// operator's END/PAUSE must read what the operator committed.
describe('claims against operators', () => {
  const pool = () => server.db.database.pool;
  it('a claim in flight while an operator ends the campaign is not paid after the END committed', async () => {
    const id = await publishedCampaign(server, ops, { title: '注册礼金', rules: { subtype: 'REGISTER' }, reward: { kind: 'FIXED', amount: yuan(8) } });
    const player = await newPlayer(server);
    // The operator's END transaction (changeStatus: the row locked FOR UPDATE, then status = ENDED).
    const operatorTx = await pool().connect();
    try {
      await operatorTx.query('BEGIN');
      await operatorTx.query('SELECT id FROM campaigns WHERE id = $1 FOR UPDATE', [id]);
      let answeredEarly = false;
      const claim = send(server, 'POST', CAMPAIGN_PATHS.claim(id), player.cookie).finally(() => {
        answeredEarly = true;
      });
      // Wait until the claim queues on the campaign's row (where it reads it, or where it reserves the budget).
      while (!answeredEarly) {
        const waiting = await pool().query(
          `SELECT 1 FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%campaigns%' AND pid <> pg_backend_pid()`,
        );
        if (waiting.rowCount) break;
      }
      await operatorTx.query(`UPDATE campaigns SET status = 'ENDED', updated_at = now() WHERE id = $1`, [id]);
      await operatorTx.query('COMMIT');
      const answered = await claim;
      expect(answered.statusCode, answered.body).toBe(409);
      expect(await playerBalance(pool(), player.id)).toBe(0);
    } finally {
      operatorTx.release();
    }
  });

  it('a grant above the four-eyes threshold waits for approval even when the campaign asks for none', async () => {
    const player = await newPlayer(server);
    const id = await publishedCampaign(server, ops, {
      title: '人工派发',
      rules: { subtype: 'MANUAL' },
      reward: { kind: 'FIXED', amount: yuan(1) },
      needsApproval: false,
    });
    const granted = await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.grants(id), ops, { usernames: [player.username], amount: yuan(1_000_000) });
    expect(granted.statusCode, granted.body).toBe(200);
    const claimed = await send(server, 'POST', CAMPAIGN_PATHS.claim(id), player.cookie);
    // Decisions §10: manual balance adjustments need a second operator's approval, and the campaign's own
    // four-eyes threshold is ¥1000 (CLAIM_FOUR_EYES_THRESHOLD). Here one operator's grant is paid at once.
    expect(claimed.json().claim?.status, claimed.body).not.toBe('PAID');
    expect(await playerBalance(pool(), player.id)).toBe(0);
  });
});
