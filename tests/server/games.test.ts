import { DEMO_PROVIDERS } from '../../src/server/db/seed-providers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnabledGamesSchema, isOwnGameEnabled } from '../../src/shared/api/games.ts';
import { DRAW_TYPES } from '../../src/shared/catalogue/draw-types.ts';
import { startTestServer, type TestServer } from '../support/db.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const enabledGames = async () => EnabledGamesSchema.parse((await server.app.inject({ url: '/ajax/enabled-games' })).json());

describe('GET /ajax/enabled-games', () => {
  it('lists every catalogue draw type with a play mode, dice apart, and the demo sandbox providers', async () => {
    const config = await enabledGames();
    const expected = DRAW_TYPES.filter((d) => !d.aShare);
    expect(config.lotterys.length + config.dices.length).toBe(expected.length);
    expect(config.dices.map((d) => d.drawType)).toEqual(['JSTB', 'F1TB', 'UU3TB']);
    expect(config.dices.every((d) => d.playModes.join() === 'BOARD')).toBe(true);
    expect(config.thirdPartyGameProviders).toEqual([...DEMO_PROVIDERS].sort());
    expect(isOwnGameEnabled(config, 'LOTTERY', 'CQSSC', 'BOARD')).toBe(true);
    expect(isOwnGameEnabled(config, 'LOTTERY', 'JSK3', 'BOARD')).toBe(false);
  });

  it('follows the operator: a disabled game or mode disappears, an enabled provider appears (AVIA never)', async () => {
    const pool = server.db.database.pool;
    await pool.query(`UPDATE own_games SET enabled = false WHERE draw_type = 'CQSSC'`);
    await pool.query(`UPDATE own_games SET play_modes = '{REGULAR}' WHERE draw_type = 'GD11X5'`);
    await pool.query(`UPDATE third_party_providers SET enabled = true WHERE code IN ('AG', 'AVIA')`);
    const config = await enabledGames();
    expect(isOwnGameEnabled(config, 'LOTTERY', 'CQSSC', 'REGULAR')).toBe(false);
    expect(isOwnGameEnabled(config, 'LOTTERY', 'GD11X5', 'BOARD')).toBe(false);
    expect(isOwnGameEnabled(config, 'LOTTERY', 'GD11X5', 'REGULAR')).toBe(true);
    expect(config.thirdPartyGameProviders).toEqual([...DEMO_PROVIDERS].sort());
  });
});
