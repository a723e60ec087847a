// The games services under the back-office routes, on a real database with a recording audit: a play
// mode opened and closed from many connections at once loses no change; regular limits reach the
// engine and placement; board odds at or above 100 % RTP are refused; a board bet settles at the odds
// in force when it was placed, not at odds changed afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { withTransaction } from '../../src/server/db/pool.ts';
import { seedDemoData } from '../../src/server/db/seed.ts';
import { checkedSettings, saveBoardSettings } from '../../src/server/backoffice/games/board-odds.ts';
import { gameInfo, listGames, setGameMode } from '../../src/server/backoffice/games/game-modes.ts';
import { limitsView, resetLimits, saveLimits } from '../../src/server/backoffice/games/regular-limits.ts';
import type { AuditEntry } from '../../src/server/backoffice/core/api.ts';
import { reloadGameSettings } from '../../src/server/games/settings.ts';
import { settleIssue } from '../../src/server/orders/lifecycle.ts';
import { priceRegular } from '../../src/server/orders/pricing.ts';
import { AppError } from '../../src/server/http/errors.ts';
import { getDrawType } from '../../src/shared/catalogue/draw-types.ts';
import { boardEngine } from '../../src/shared/lottery/board/index.ts';
import { methodLimits } from '../../src/shared/lottery/index.ts';
import { yuan } from '../../src/shared/money.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { drawnIssue, fundedPlayer, orderRow, pendingOrder } from './settlement-support.ts';

let db: TestDatabase;
const pool = () => db.database.pool;
const audits: AuditEntry[] = [];
const audit = async (entry: AuditEntry) => {
  audits.push(entry);
};
const write = <T>(work: (client: pg.PoolClient) => Promise<T>) => withTransaction(pool(), work);

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoData(pool());
});
afterAll(async () => {
  // Leave this worker's engine as it found it: no operator settings.
  await pool().query('DELETE FROM game_regular_limits');
  await reloadGameSettings(pool());
  await db.drop();
});

const openModes = async (code: string) => (await listGames(pool(), [])).find((game) => game.drawType === code)!.enabledModes;

describe('opening and closing play modes', () => {
  it('closes one mode and keeps the game drawn (enabled stays set), with one audit row before → after', async () => {
    const info = gameInfo('GD11X5');
    const before = audits.length;
    const { game, changed } = await write((client) => setGameMode(client, audit, info, 'BOARD', false, '维护', []));
    expect(changed).toBe(true);
    expect(game.enabledModes).toEqual(['REGULAR']);
    expect(await openModes('GD11X5')).toEqual(['REGULAR']);
    const row = await pool().query('SELECT enabled FROM own_games WHERE draw_type = $1', ['GD11X5']);
    expect(row.rows[0].enabled).toBe(true);
    expect(audits.slice(before)).toEqual([
      expect.objectContaining({
        action: 'game.close',
        targetId: 'GD11X5:BOARD',
        before: { drawType: 'GD11X5', enabledModes: ['REGULAR', 'BOARD'] },
        after: { drawType: 'GD11X5', enabledModes: ['REGULAR'] },
        reason: '维护',
      }),
    ]);
    // Closing what is closed changes nothing (and the request is still recorded, before = after).
    const again = await write((client) => setGameMode(client, audit, info, 'BOARD', false, null, []));
    expect(again.changed).toBe(false);
    expect(audits.at(-1)).toMatchObject({ before: { enabledModes: ['REGULAR'] }, after: { enabledModes: ['REGULAR'] } });
  });

  it('loses no change when both modes of a game are switched from many connections at once', async () => {
    const info = gameInfo('UU11X5');
    await pool().query(`UPDATE own_games SET enabled = true, play_modes = '{}' WHERE draw_type = 'UU11X5'`);
    // 20 writers: each mode opened by 5 and closed by 5, finishing with one opener of each.
    const changes = Array.from({ length: 20 }, (_, i) => ({ mode: i % 2 === 0 ? ('REGULAR' as const) : ('BOARD' as const), open: i % 4 < 2 }));
    await Promise.all(changes.map(({ mode, open }) => write((client) => setGameMode(client, audit, info, mode, open, null, []))));
    const last = await Promise.all([
      write((client) => setGameMode(client, audit, info, 'REGULAR', true, null, [])),
      write((client) => setGameMode(client, audit, info, 'BOARD', true, null, [])),
    ]);
    expect(last.length).toBe(2);
    expect(await openModes('UU11X5')).toEqual(['REGULAR', 'BOARD']);
    // Every recorded change starts where the previous one of the same game ended: none was applied to a stale read.
    const rows = audits.filter((a) => String(a.targetId).startsWith('UU11X5:'));
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.before).toEqual(rows[i - 1]!.after);
  });

  it('refuses a draw type the catalogue does not know, and a mode the draw type does not have', () => {
    expect(() => gameInfo('NOPE')).toThrow('彩种不存在');
    expect(() => gameInfo('MARK6', 'REGULAR')).toThrow('六合彩不提供标准玩法');
  });
});

describe('regular limits', () => {
  const info = getDrawType('CQSSC');
  const zx5 = (multiplier: number, prizeGroup?: number) => ({
    methodId: 'ZX5',
    selection: { rows: [[1], [2], [3], [4], [5]] },
    mode: 'YUAN',
    multiplier,
    ...(prizeGroup ? { prizeGroup } : {}),
  });
  const refusal = (work: () => unknown): string => {
    try {
      work();
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 400) return error.message;
      throw error;
    }
    return 'accepted';
  };

  it('apply to pricing once saved: prize-group range, multiplier, bets per order', async () => {
    const before = await limitsView(pool(), info);
    expect(before.customised).toBe(false);
    await write((client) =>
      saveLimits(
        client,
        audit,
        info,
        { prizeGroup: { min: 1800, max: 1900 }, maxMultiplier: 50, maxBetsPerOrder: 3, maxPayoutPerOrder: yuan(1000), maxPayoutPerIssue: yuan(5000) },
        before,
      ),
    );
    await reloadGameSettings(pool());
    expect(methodLimits('CQSSC', 'ZX5')).toMatchObject({ prizeGroup: { min: 1800, max: 1900 }, maxMultiplier: 50 });
    expect(refusal(() => priceRegular(info, [zx5(51)], 1950))).toMatch(/倍/);
    expect(refusal(() => priceRegular(info, [zx5(1, 1950)], 1950))).toBe('奖金组必须在1800至1900之间');
    expect(refusal(() => priceRegular(info, [zx5(1), zx5(1), zx5(1), zx5(1)], 1950))).toBe('注数超过上限：重庆时时彩每单最多3注');
    expect(priceRegular(info, [zx5(50), zx5(1), zx5(1)], 1950).betCount).toBe(3);
    const view = await limitsView(pool(), info);
    expect(view).toMatchObject({ customised: true, maxBetsPerOrder: 3, maxPayoutPerOrder: yuan(1000), maxPayoutPerIssue: yuan(5000) });
    expect(audits.at(-1)).toMatchObject({ action: 'game.limits.update', targetId: 'CQSSC', before: expect.objectContaining({ customised: false }) });

    await write(async (client) => resetLimits(client, audit, info, await limitsView(client, info), null));
    await reloadGameSettings(pool());
    expect(await limitsView(pool(), info)).toEqual(before);
    expect(refusal(() => priceRegular(info, [zx5(51), zx5(1), zx5(1), zx5(1)], 1950))).toBe('accepted');
  });

  it('refuses fields the draw type does not have, with a Chinese message, and stores nothing', async () => {
    const mark6 = getDrawType('MARK6');
    const before = await limitsView(pool(), mark6);
    await expect(
      write((client) => saveLimits(client, audit, mark6, { maxMultiplier: 10, maxPayoutPerOrder: yuan(100), maxPayoutPerIssue: yuan(100) }, before)),
    ).rejects.toThrow('六合彩没有标准玩法，不能设置最大倍数');
    await expect(
      write((client) => saveLimits(client, audit, info, { maxMultiplier: 10, maxPayoutPerOrder: yuan(100), maxPayoutPerIssue: yuan(100) }, before)),
    ).rejects.toThrow('请填写奖金组范围');
    expect((await pool().query('SELECT 1 FROM game_regular_limits')).rowCount).toBe(0);
  });
});

describe('board odds and 退水', () => {
  const info = getDrawType('CQSSC');
  const DATE = '2026-11-22';
  const sum = () => boardEngine('CQSSC', undefined, DATE).catalogue().groups.flatMap((g) => g.betTypes).find((b) => b.id === 'SUM')!;

  it('refuses odds that bring a bet type to 100 % RTP or more, naming it', () => {
    const betType = sum();
    const level = betType.levels.find((l) => l.key === 'BIG')!;
    expect(() => checkedSettings(info, { odds: { SUM: { [level.key]: 20_000 } }, rebates: {} }, DATE)).toThrow(/返奖率达到.*必须低于100%/);
    expect(() => checkedSettings(info, { odds: { SUM: { [level.key]: level.odds - 100 } }, rebates: { SUM: 1_000 } }, DATE)).toThrow(/必须低于100%/);
    expect(() => checkedSettings(info, { odds: { NOPE: { X: 19_000 } }, rebates: {} }, DATE)).toThrow('赔率设置中的玩法不存在：NOPE');
    expect(checkedSettings(info, { odds: { SUM: { [level.key]: level.odds - 100 } }, rebates: {} }, DATE).odds).toBeDefined();
  });

  it('settles a board bet at the odds in force when it was placed, not at odds changed later', async () => {
    const betType = sum();
    const level = betType.levels.find((l) => l.key === 'BIG')!;
    const lower = level.odds - 500;
    const player = await fundedPlayer(pool(), yuan(100), 'bo_games');
    const issue = await drawnIssue(pool(), 'CQSSC', [9, 9, 9, 9, 9]); // sum 45: 大
    const placed = await pendingOrder(pool(), issue, player, 'CQSSC', { playMode: 'BOARD', bets: [{ betTypeId: 'SUM', selection: 'BIG', stake: yuan(10) }] });
    // The order was placed "a minute ago"; the new odds apply from now on.
    await pool().query(`UPDATE orders SET created_at = now() - interval '1 minute' WHERE id = $1`, [placed]);
    const settings = checkedSettings(info, { odds: { SUM: { [level.key]: lower } }, rebates: {} }, DATE);
    await write((client) => saveBoardSettings(client, audit, info, settings, Date.now(), '调低赔率'));
    await reloadGameSettings(pool());
    const later = await pendingOrder(pool(), issue, player, 'CQSSC', { playMode: 'BOARD', bets: [{ betTypeId: 'SUM', selection: 'BIG', stake: yuan(10) }] });
    await pool().query(`UPDATE orders SET created_at = now() + interval '1 minute' WHERE id = $1`, [later]);

    expect(await settleIssue(pool(), issue.id, Date.now())).toBe(true);
    expect((await orderRow(pool(), placed)).payout).toBe((yuan(10) * level.odds) / 10_000);
    expect((await orderRow(pool(), later)).payout).toBe((yuan(10) * lower) / 10_000);
    expect(audits.at(-1)).toMatchObject({ action: 'game.board.update', targetId: 'CQSSC', reason: '调低赔率' });
  });
});
