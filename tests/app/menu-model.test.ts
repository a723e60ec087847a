import { describe, expect, it } from 'vitest';
import type { EnabledGames } from '../../src/shared/api/games.ts';
import { buildDiceMenu, buildLotteryMenu, providersFor, thirdPartyGameHref } from '../../src/app/features/games/menu-model.ts';

const config: EnabledGames = {
  lotterys: [
    { drawType: 'CQSSC', playModes: ['REGULAR', 'BOARD'] },
    { drawType: 'JND28', playModes: ['BOARD'] },
    { drawType: 'MARK6', playModes: ['BOARD'] },
    { drawType: 'UUFFKENO', playModes: ['REGULAR'] },
  ],
  dices: [{ drawType: 'F1TB', playModes: ['BOARD'] }],
  thirdPartyGameProviders: ['AG', 'PT', 'AVIA', 'KY'],
};
const allPages = { regular: true, board: true, dice: true };

describe('lottery menu model', () => {
  it('groups enabled lotteries by category with one link per enabled mode on PC', () => {
    const { groups } = buildLotteryMenu(config, 'PC', allPages, [], false);
    expect(groups.map((g) => g.name)).toEqual(['时时彩', 'PC蛋蛋', '六合彩', '快乐8']);
    const cqssc = groups[0]!.entries[0]!;
    expect(cqssc.links.map((l) => l.href)).toEqual(['/game/regular/CQSSC', '/game/board/CQSSC']);
  });

  it('follows the mobile play modes of spec §9 (SSC regular only, PC egg none)', () => {
    const { groups } = buildLotteryMenu(config, 'MOBILE', allPages, [], false);
    expect(groups.map((g) => g.category)).toEqual(['SSC', 'MARK6', 'KENO']);
    expect(groups[0]!.entries[0]!.links.map((l) => l.mode)).toEqual(['REGULAR']);
  });

  it('leaves out modes whose page does not exist yet, and the whole menu when none does', () => {
    const boardOnly = buildLotteryMenu(config, 'PC', { regular: false, board: true, dice: false }, [], false);
    expect(boardOnly.groups[0]!.entries[0]!.links.map((l) => l.mode)).toEqual(['BOARD']);
    expect(boardOnly.groups.map((g) => g.category)).not.toContain('KENO');
    expect(buildLotteryMenu(config, 'PC', { regular: false, board: false, dice: false }, [], true).groups).toEqual([]);
  });

  it('shows recent draws to logged-in players only', () => {
    expect(buildLotteryMenu(config, 'PC', allPages, ['CQSSC', 'UNKNOWN'], true).recent.map((e) => e.drawType)).toEqual(['CQSSC']);
    expect(buildLotteryMenu(config, 'PC', allPages, ['CQSSC'], false).recent).toEqual([]);
  });

  it('gives dice their own entry', () => {
    expect(buildDiceMenu(config, 'MOBILE', allPages).map((e) => e.links[0]!.href)).toEqual(['/game/dice/F1TB']);
  });
});

describe('third-party catalogues', () => {
  it('lists enabled providers of the catalogue and never AVIA', () => {
    expect(providersFor(config, 'LIVE_BETTING')).toEqual(['AG', 'PT']);
    expect(providersFor(config, 'CARD_GAME')).toEqual(['KY']);
    expect(providersFor(config, 'SPORTS_BETTING')).toEqual([]);
  });

  it('builds the game URL of spec §7', () => {
    expect(thirdPartyGameHref('AG', 'LIVE_BETTING')).toBe('/third-party-game/game?gameProvider=AG&gameCatalog=LIVE_BETTING');
    expect(thirdPartyGameHref('CQ9', 'FISHING_JOY', '7')).toBe('/third-party-game/game?gameProvider=CQ9&gameCatalog=FISHING_JOY&gameRoom=7');
  });
});
