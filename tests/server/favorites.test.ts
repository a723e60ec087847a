// Favourite games (spec §6, §7): add, list, remove, idempotency, validation, isolation, the trial rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FavoriteGamesSchema, MAX_FAVORITE_GAMES } from '../../src/shared/api/favorites.ts';
import { DRAW_TYPES } from '../../src/shared/catalogue/draw-types.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie } from '../support/http.ts';
import { call, createCustomer, login } from './accounts-support.ts';

const PATH = '/ajax/favorite-game';
let server: TestServer;
let player: string;
let other: string;
let trial: string;

beforeAll(async () => {
  server = await startTestServer();
  player = await loginCookie(server.app, 'demo_player');
  await createCustomer(server, { username: 'fav_other', password: 'abc12345' });
  other = await login(server, 'fav_other', 'abc12345');
  trial = await loginCookie(server.app, 'demo_trial');
});
afterAll(() => server.close());

const list = async (cookie: string) => {
  const response = await call(server, 'GET', PATH, { cookie });
  expect(response.statusCode).toBe(200);
  return FavoriteGamesSchema.parse(response.json()).favorites.map((f) => f.drawType);
};
const add = (cookie: string, drawType: unknown) => call(server, 'POST', PATH, { cookie, payload: { drawType } });
const remove = (cookie: string, drawType: string) => call(server, 'DELETE', `${PATH}?drawType=${encodeURIComponent(drawType)}`, { cookie });
const rowsOf = async (username: string) =>
  (
    await server.db.database.pool.query<{ draw_type: string }>(
      'SELECT draw_type FROM favorite_games f JOIN customers c ON c.id = f.customer_id WHERE c.username = $1 ORDER BY draw_type',
      [username],
    )
  ).rows.map((r) => r.draw_type);

describe('favourite games', () => {
  it('adds in order, answers the whole list, and removes', async () => {
    expect(await list(player)).toEqual([]);
    const first = await add(player, 'UUFFC');
    expect(first.statusCode).toBe(200);
    expect(FavoriteGamesSchema.parse(first.json()).favorites.map((f) => f.drawType)).toEqual(['UUFFC']);
    await add(player, 'F1TB');
    expect(await list(player)).toEqual(['UUFFC', 'F1TB']);
    const removed = await remove(player, 'UUFFC');
    expect(removed.statusCode).toBe(200);
    expect(FavoriteGamesSchema.parse(removed.json()).favorites.map((f) => f.drawType)).toEqual(['F1TB']);
    expect(await rowsOf('demo_player')).toEqual(['F1TB']);
    await remove(player, 'F1TB');
  });

  it('is idempotent both ways', async () => {
    await add(player, 'UUPK10');
    const again = await add(player, 'UUPK10');
    expect(again.statusCode).toBe(200);
    expect(await rowsOf('demo_player')).toEqual(['UUPK10']);
    expect((await remove(player, 'UUPK10')).statusCode).toBe(200);
    const twice = await remove(player, 'UUPK10');
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toEqual({ favorites: [] });
  });

  it('refuses unknown, malformed and closed games in Chinese and stores nothing', async () => {
    const unknown = await add(player, 'NOSUCHGAME');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION', message: '彩种不存在' });
    const malformed = await add(player, 'uuffc; drop');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION', message: '请选择要收藏的游戏' });
    const missing = await call(server, 'POST', PATH, { cookie: player, payload: {} });
    expect(missing.json()).toMatchObject({ code: 'VALIDATION', message: '请选择要收藏的游戏' });
    const missingDelete = await call(server, 'DELETE', PATH, { cookie: player });
    expect(missingDelete.json()).toMatchObject({ code: 'VALIDATION', message: '请选择要收藏的游戏' });

    const pool = server.db.database.pool;
    await pool.query(`UPDATE own_games SET enabled = false WHERE draw_type IN ('CQSSC', 'JSTB')`);
    try {
      const lottery = await add(player, 'CQSSC');
      expect(lottery.statusCode).toBe(409);
      expect(lottery.json()).toEqual({ code: 'CONFLICT', message: '彩票游戏暂时关闭，请稍后再试' });
      expect((await add(player, 'JSTB')).json()).toEqual({ code: 'CONFLICT', message: '骰宝游戏暂时关闭，请稍后再试' });
    } finally {
      await pool.query(`UPDATE own_games SET enabled = true WHERE draw_type IN ('CQSSC', 'JSTB')`);
    }
    expect(await rowsOf('demo_player')).toEqual([]);
  });

  it('keeps each customer to their own list', async () => {
    await add(player, 'UUFFC');
    await add(other, 'UUK3');
    expect(await list(player)).toEqual(['UUFFC']);
    expect(await list(other)).toEqual(['UUK3']);
    await remove(other, 'UUFFC');
    expect(await list(player)).toEqual(['UUFFC']);
    await remove(player, 'UUFFC');
    await remove(other, 'UUK3');
  });

  it(`caps a player at ${MAX_FAVORITE_GAMES} games; one already kept may be added again`, async () => {
    const codes = DRAW_TYPES.filter((d) => !d.aShare).map((d) => d.code);
    expect(codes.length).toBeGreaterThan(MAX_FAVORITE_GAMES);
    const pool = server.db.database.pool;
    await pool.query(
      `INSERT INTO favorite_games (customer_id, draw_type) SELECT (SELECT id FROM customers WHERE username = 'fav_other'), unnest($1::text[])`,
      [codes.slice(0, MAX_FAVORITE_GAMES - 1)],
    );
    expect((await add(other, codes[MAX_FAVORITE_GAMES - 1])).statusCode).toBe(200);
    const refused = await add(other, codes[MAX_FAVORITE_GAMES]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'CONFLICT', message: `最多只能收藏 ${MAX_FAVORITE_GAMES} 个游戏` });
    expect((await add(other, codes[0])).statusCode).toBe(200);
    expect(await rowsOf('fav_other')).toHaveLength(MAX_FAVORITE_GAMES);
    // Concurrent adds at the edge cannot pass the cap together.
    await remove(other, codes[0]!);
    const racing = await Promise.all([add(other, codes[MAX_FAVORITE_GAMES]), add(other, codes[MAX_FAVORITE_GAMES + 1])]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await rowsOf('fav_other')).toHaveLength(MAX_FAVORITE_GAMES);
    await pool.query(`DELETE FROM favorite_games WHERE customer_id = (SELECT id FROM customers WHERE username = 'fav_other')`);
  });

  it('needs a login, and a real account to change anything (spec §6)', async () => {
    expect((await call(server, 'GET', PATH)).json()).toEqual({ code: 'UNAUTHENTICATED', message: '请先登录' });
    expect((await add('', 'UUFFC')).statusCode).toBe(401);
    expect(await list(trial)).toEqual([]);
    for (const response of [await add(trial, 'UUFFC'), await remove(trial, 'UUFFC')]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'TRIAL_FORBIDDEN', message: '试玩账号不能收藏游戏' });
    }
    expect(await rowsOf('demo_trial')).toEqual([]);
  });
});
