// Helpers for the campaign tests (not a test file itself): players of their own, credited deposits
// (through the wallet's own creditDeposit), campaigns created and published through the back office.
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { CAMPAIGN_ADMIN_PATHS, type CampaignInput } from '../../src/shared/api/campaigns.ts';
import { yuan } from '../../src/shared/money.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import { creditDeposit } from '../../src/server/wallet/deposits/credit.ts';
import type { DepositRow } from '../../src/server/wallet/deposits/rows.ts';
import type { TestServer } from '../support/db.ts';
import { MUTATION_HEADERS } from '../support/http.ts';
import { operatorHeaders } from '../support/operators.ts';
import { createCustomer, login } from './accounts-support.ts';

let counter = 0;

export interface Player {
  id: number;
  username: string;
  cookie: string;
}

export async function newPlayer(server: TestServer, options: { trial?: boolean } = {}): Promise<Player> {
  const username = `cp${process.pid % 10_000}x${counter++}`.slice(0, 16);
  const id = await createCustomer(server, { username, password: 'abc12345' });
  const cookie = await login(server, username, 'abc12345');
  if (options.trial) await server.db.database.pool.query(`UPDATE customers SET test_mode = 'USER_TEST' WHERE id = $1`, [id]);
  return { id, username, cookie };
}

export function send(server: TestServer, method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | null, payload?: unknown) {
  const headers: Record<string, string> = method === 'GET' ? {} : { ...MUTATION_HEADERS };
  if (cookie) headers.cookie = cookie;
  const request: InjectOptions = { method, url, headers };
  if (payload !== undefined) request.payload = payload as InjectOptions['payload'];
  return server.app.inject(request);
}

export function asOperator(server: TestServer, method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) {
  const request: InjectOptions = { method, url, headers: method === 'GET' ? { cookie } : operatorHeaders(cookie) };
  if (payload !== undefined) request.payload = payload as InjectOptions['payload'];
  return server.app.inject(request);
}

/** A deposit of `whole` 元 through ALIPAY_SCAN (no fee), credited like a gateway notification would. */
export async function creditedDeposit(server: TestServer, customerId: number, whole: number): Promise<void> {
  await withTransaction(server.db.database.pool, async (client) => {
    const inserted = await client.query<DepositRow>(
      `INSERT INTO deposits (reference, customer_id, method_code, kind, amount, status, expires_at, client_key)
       VALUES ($1, $2, 'ALIPAY_SCAN', 'ONLINE', $3, 'PENDING', now() + interval '1 hour', $4) RETURNING *`,
      [`DT${randomUUID().slice(0, 12)}`, customerId, yuan(whole), randomUUID()],
    );
    await creditDeposit(client, inserted.rows[0]!, { paidAmount: yuan(whole) });
  });
}

export function campaignInput(overrides: Partial<CampaignInput> = {}): CampaignInput {
  const now = Date.now();
  return {
    title: '首充送礼金',
    startsAt: now - 3_600_000,
    endsAt: now + 30 * 86_400_000,
    descriptionHtml: '<p>首充满 ¥100 送 100%</p>',
    rules: { subtype: 'FIRST_DEPOSIT', minDeposit: yuan(100) },
    reward: { kind: 'PERCENT', rateBp: 10_000, cap: yuan(188) },
    stakeMultipleBp: 50_000,
    ...overrides,
  };
}

/** Creates and publishes a campaign through the back office; returns its id. */
export async function publishedCampaign(server: TestServer, operatorCookie: string, overrides: Partial<CampaignInput> = {}): Promise<number> {
  const created = await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.campaigns, operatorCookie, campaignInput(overrides));
  if (created.statusCode !== 200) throw new Error(`create campaign: ${created.statusCode} ${created.body}`);
  const id = created.json().id as number;
  const published = await asOperator(server, 'POST', CAMPAIGN_ADMIN_PATHS.status(id), operatorCookie, { action: 'PUBLISH' });
  if (published.statusCode !== 200) throw new Error(`publish campaign: ${published.statusCode} ${published.body}`);
  return id;
}

export async function requiredStake(server: TestServer, customerId: number): Promise<number> {
  const found = await server.db.database.pool.query<{ remaining: number }>('SELECT remaining FROM required_stakes WHERE customer_id = $1', [customerId]);
  return Number(found.rows[0]?.remaining ?? 0);
}
