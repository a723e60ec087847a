// The order list's totals cover every order the filter matches, not just the page: stake of the orders
// not cancelled, payout and profit (payout + rebate − stake) of the settled ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderListSchema } from '../../src/shared/api/orders.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { call, createCustomer, login } from './accounts-support.ts';

let server: TestServer;
let cookie: string;
let customerId: number;

const YUAN = 10_000;

interface Row {
  drawType: string;
  status: 'PENDING' | 'WON' | 'LOST' | 'CUSTOMER_CANCELED' | 'SYSTEM_CANCELED';
  stake: number;
  payout?: number;
  rebate?: number;
  day?: string;
}

async function insertOrder(row: Row, n: number) {
  await server.db.database.pool.query(
    `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_number, status, bet_count, total_stake, payout, rebate, prize_group, created_at)
     VALUES ($1, $2, $3, 'REGULAR', $4, $5, 1, $6, $7, $8, 1950, ($9::date + time '12:00')::timestamp AT TIME ZONE 'Asia/Shanghai')`,
    [customerId, `totals-${n}-key`, row.drawType, `20260101-${n}`, row.status, row.stake, row.payout ?? 0, row.rebate ?? 0, row.day ?? '2026-03-02'],
  );
}

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_PER_MINUTE: '1000' });
  customerId = await createCustomer(server, { username: 'totals_player', password: 'abc12345' });
  cookie = await login(server, 'totals_player', 'abc12345');
  const rows: Row[] = [
    { drawType: 'CQSSC', status: 'WON', stake: 10 * YUAN, payout: 19 * YUAN, rebate: 1_000 },
    { drawType: 'CQSSC', status: 'LOST', stake: 4 * YUAN, rebate: 500 },
    { drawType: 'CQSSC', status: 'PENDING', stake: 6 * YUAN },
    { drawType: 'CQSSC', status: 'CUSTOMER_CANCELED', stake: 100 * YUAN },
    { drawType: 'GD11X5', status: 'LOST', stake: 2 * YUAN, day: '2026-03-01' },
    { drawType: 'GD11X5', status: 'SYSTEM_CANCELED', stake: 50 * YUAN, day: '2026-03-01' },
  ];
  // 25 more lost 1-yuan CQSSC orders, so the filter spans two pages.
  for (let i = 0; i < 25; i++) rows.push({ drawType: 'CQSSC', status: 'LOST', stake: YUAN });
  for (const [n, row] of rows.entries()) await insertOrder(row, n);
});
afterAll(() => server.close());

async function list(query: string) {
  const response = await call(server, 'GET', `/ajax/orders?${query}`, { cookie });
  expect(response.statusCode).toBe(200);
  return OrderListSchema.parse(response.json());
}

describe('order list totals', () => {
  it('sum the whole filter on every page', async () => {
    const first = await list('drawType=CQSSC&page=1&pageSize=20');
    const second = await list('drawType=CQSSC&page=2&pageSize=20');
    const expected = {
      stake: (10 + 4 + 6 + 25) * YUAN,
      payout: 19 * YUAN,
      rebate: 1_500,
      profit: 19 * YUAN + 1_500 - (10 + 4 + 25) * YUAN,
    };
    expect(first.total).toBe(29);
    expect(first.items).toHaveLength(20);
    expect(first.totals).toEqual(expected);
    expect(second.items).toHaveLength(9);
    expect(second.totals).toEqual(expected);
  });

  it('follow the status and date filters', async () => {
    expect((await list('status=WON')).totals).toEqual({ stake: 10 * YUAN, payout: 19 * YUAN, rebate: 1_000, profit: 9 * YUAN + 1_000 });
    expect((await list('status=PENDING')).totals).toEqual({ stake: 6 * YUAN, payout: 0, rebate: 0, profit: 0 });
    expect((await list('status=CUSTOMER_CANCELED')).totals).toEqual({ stake: 0, payout: 0, rebate: 0, profit: 0 });
    expect((await list('from=2026-03-01&to=2026-03-01')).totals).toEqual({ stake: 2 * YUAN, payout: 0, rebate: 0, profit: -2 * YUAN });
  });

  it('are zero for a filter that matches nothing, and only ever the caller’s own orders', async () => {
    expect((await list('drawType=BJPK10')).totals).toEqual({ stake: 0, payout: 0, rebate: 0, profit: 0 });
    await createCustomer(server, { username: 'totals_other', password: 'abc12345' });
    const other = await login(server, 'totals_other', 'abc12345');
    const response = await call(server, 'GET', '/ajax/orders', { cookie: other });
    expect(response.json()).toMatchObject({ total: 0, totals: { stake: 0, payout: 0, rebate: 0, profit: 0 } });
  });
});
