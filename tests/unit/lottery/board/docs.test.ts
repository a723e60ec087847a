import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOARD_ODDS_TABLE_PATH, renderBoardOddsTable } from '../../../../scripts/generate-board-table.ts';

describe('docs/lottery/board-odds.md', () => {
  let generated: string | undefined;
  const generate = (): string => (generated ??= renderBoardOddsTable());

  it('is what the generator produces from the current odds data (run scripts/generate-board-table.ts after changing odds)', () => {
    const committed = readFileSync(BOARD_ODDS_TABLE_PATH, 'utf8');
    expect(committed === generate(), 'docs/lottery/board-odds.md is stale: node --import tsx scripts/generate-board-table.ts').toBe(true);
  }, 60_000);

  it('lists every board bet type with its odds and RTP', () => {
    const text = generate();
    for (const row of ['| 连码 | 三中二 | 任意3个号码一组 | 中二 23 / 中三 125 |', '| 上下盘 | 上下盘 | 中盘 | 4.75 | 96.54% |', '| 大小单双 | 大小单双 | 大、小、单、双 | 2 | 97.22% |']) {
      expect(text).toContain(row);
    }
  });
});
