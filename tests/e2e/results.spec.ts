// Issue 18 item 3 in the browser at 390×844: the 开奖 page shows every enabled game's latest result
// (as the server gives it), a game's history pages through its results, and the lobby card and the
// bottom navigation lead there.
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { LatestResultsSchema, type LatestResults } from '../../src/shared/api/draws.ts';
import { EnabledGamesSchema, isOwnGameEnabled } from '../../src/shared/api/games.ts';
import { DRAW_TYPES } from '../../src/shared/catalogue/draw-types.ts';
import { allPlayModes } from '../../src/shared/catalogue/play-modes.ts';
import { resultFormatFor } from '../../src/shared/lottery/result.ts';
import { seedUuffcHistory } from './charts-history.ts';
import { waitForApp } from './support/app.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, serviceWorkers: 'block' });

const DAY = 86_400_000;
const BEIJING_OFFSET = 8 * 3_600_000;

function randomResult(drawType: (typeof DRAW_TYPES)[number]): number[] {
  const format = resultFormatFor(drawType.category, drawType.code);
  const pick = (count: number, min: number, max: number, distinct: boolean) => {
    const pool = Array.from({ length: max - min + 1 }, (_, i) => min + i);
    return Array.from({ length: count }, () => (distinct ? pool.splice(Math.floor(Math.random() * pool.length), 1)[0]! : min + Math.floor(Math.random() * (max - min + 1))));
  };
  if (!format.secondZone) return pick(format.length, format.min, format.max, format.distinct);
  const zone = format.secondZone;
  return [...pick(zone.from, format.min, format.max, true), ...pick(format.length - zone.from, zone.min, zone.max, true)];
}

/**
 * A fresh server has drawn only its fast games: every periodic draw type without a result gets one
 * settled issue from long ago (older than anything the scheduler makes, so nothing collides), and 分分彩
 * gets enough history for two pages.
 */
test.beforeAll(async () => {
  const url = process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set');
  await seedUuffcHistory(url, 45);
  const drawAt = Math.floor((Date.now() - 400 * DAY) / 60_000) * 60_000;
  const day = new Date(drawAt + BEIJING_OFFSET).toISOString().slice(0, 10);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const drawn = await client.query<{ draw_type: string }>(`SELECT DISTINCT draw_type FROM draw_issues WHERE state IN ('DRAWN', 'SETTLED')`);
    const have = new Set(drawn.rows.map((r) => r.draw_type));
    for (const info of DRAW_TYPES.filter((d) => !d.instant && !have.has(d.code))) {
      await client.query(
        `INSERT INTO draw_issues (draw_type, issue_number, sales_day, sequence, opens_at, closes_at, draw_at, state, result, result_source, drawn_at, settled_at)
         VALUES ($1, $2, $3::date, 1, to_timestamp(($4::bigint - 600000) / 1000.0), to_timestamp(($4::bigint - 60000) / 1000.0), to_timestamp($4::bigint / 1000.0),
                 'SETTLED', $5::int[], 'manual', to_timestamp($4::bigint / 1000.0), to_timestamp($4::bigint / 1000.0))
         ON CONFLICT (draw_type, issue_number) DO NOTHING`,
        [info.code, `${day.replaceAll('-', '')}001`, day, drawAt, randomResult(info)],
      );
    }
  } finally {
    await client.end();
  }
});

test('the 开奖 page shows every enabled game’s latest result, in its category’s format', async ({ page, request }, testInfo) => {
  // The server keeps its answer for 2 s: wait until it includes what beforeAll seeded.
  const periodic = DRAW_TYPES.filter((d) => !d.instant).map((d) => d.code);
  // The answer before the page asked: what the page shows is that or newer (the page may keep its own
  // answer for up to 15 s, so a 1-minute game may draw again after it asked).
  let before: LatestResults = { serverTime: 0, results: [] };
  await expect
    .poll(async () => {
      before = LatestResultsSchema.parse(await (await request.get('/ajax/draws/latest')).json());
      const known = new Set(before.results.map((r) => r.drawType));
      return periodic.filter((code) => !known.has(code));
    })
    .toEqual([]);
  await page.goto('/');
  await waitForApp(page);
  await page.getByRole('navigation', { name: '底部导航' }).getByRole('link', { name: '开奖' }).click();
  await expect(page).toHaveURL(/\/draw-results$/);
  await expect(page.getByRole('heading', { name: '开奖结果' })).toBeVisible();

  const enabled = EnabledGamesSchema.parse(await (await request.get('/ajax/enabled-games')).json());
  const entries = page.getByTestId('results-entry');
  await expect.poll(() => entries.count()).toBeGreaterThan(0);
  const listed = await entries.evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.drawType!));
  // Every game enabled in some mode, and only those: also PC蛋蛋, which phones do not play (spec §9).
  const expected = DRAW_TYPES.filter((d) => allPlayModes(d).some((mode) => isOwnGameEnabled(enabled, d.product, d.code, mode))).map((d) => d.code);
  expect([...listed].sort()).toEqual([...expected].sort());

  // Each periodic game shows its latest issue (by the server's answer before the page asked, or a newer one).
  const byType = new Map(before.results.map((r) => [r.drawType, r]));
  for (const code of expected) {
    const info = DRAW_TYPES.find((d) => d.code === code)!;
    const row = page.locator(`[data-testid="results-entry"][data-draw-type="${code}"]`);
    if (info.instant) {
      await expect(row).toContainText('秒开 · 投注即开奖');
      continue;
    }
    expect(byType.has(code), code).toBe(true);
    await expect(row).toHaveAttribute('data-issue', /.+/);
    expect((await row.getAttribute('data-issue'))! >= byType.get(code)!.issueNumber, code).toBe(true);
    await expect(row.getByRole('img', { name: /^开奖号码 / })).toBeVisible();
  }
  // Category formats: 六合彩 with 生肖, 双色球 red and blue, 快3 and 骰宝 as dice, PC蛋蛋 as a sum.
  await expect(page.locator('[data-draw-type="UUMARK6"]').getByRole('img', { name: /生肖 / })).toBeVisible();
  await expect(page.locator('[data-draw-type="UUMARK6"] .jl-ball-zodiac')).toHaveCount(7);
  await expect(page.locator('[data-draw-type="UUSSQ"] .jl-ball[data-tone="blue"]')).toHaveCount(1);
  await expect(page.locator('[data-draw-type="UUK3"] .jl-ball[data-tone="die"]')).toHaveCount(3);
  await expect(page.locator('[data-draw-type="F1TB"] .jl-ball[data-tone="die"]')).toHaveCount(3);
  await expect(page.locator('[data-draw-type="UU28"]').getByRole('img', { name: /^开奖号码 \d\+\d\+\d=\d+$/ })).toBeVisible();
  // Rows are tap targets; nothing runs past the phone's width.
  const row = await page.locator('[data-draw-type="UUFFC"] a').boundingBox();
  expect(row!.height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('results-phone.png') });
  for (const category of ['QUICK_3', 'MARK6', 'SSQ']) {
    await page.locator(`[data-testid="results-section"][data-category="${category}"]`).screenshot({ path: testInfo.outputPath(`results-${category}.png`) });
  }
});

test('a game’s history pages through its results, newest first, with verification for committed draws', async ({ page, request }, testInfo) => {
  await page.goto('/draw-results');
  await waitForApp(page);
  await page.getByRole('link', { name: '锦鲤分分彩 开奖历史' }).click();
  await expect(page).toHaveURL(/\/draw-results\/UUFFC$/);
  await expect(page.getByRole('heading', { name: '锦鲤分分彩 开奖历史' })).toBeVisible();
  const rows = page.getByTestId('history-entry');
  await expect(rows).toHaveCount(20);
  const firstPage = await rows.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.issue!));
  expect(firstPage).toEqual([...firstPage].sort().reverse());

  // Committed (platform) draws link to their verification page.
  const newest = await (await request.get('/ajax/draws/UUFFC/issues/' + firstPage[0])).json();
  if (newest.commitment) {
    await expect(rows.first().getByRole('link', { name: `验证第 ${firstPage[0]} 期` })).toHaveAttribute('href', `/verify/UUFFC/${firstPage[0]}`);
  }

  await page.getByRole('button', { name: '下一页' }).click();
  await expect(page).toHaveURL(/\/draw-results\/UUFFC\?page=2$/);
  await expect(page.getByTestId('history-page-number')).toContainText('第 2 /');
  await expect(rows.first()).not.toHaveAttribute('data-issue', firstPage[0]!);
  const secondPage = await rows.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.issue!));
  expect(secondPage.length).toBeGreaterThan(0);
  // A draw may land between the two pages (锦鲤分分彩 draws every minute) and shift them by a row:
  // page 2 then repeats page 1's last rows, never anything newer, and goes on past them.
  expect(secondPage.every((issue) => issue <= firstPage.at(-1)!)).toBe(true);
  expect(secondPage.some((issue) => issue < firstPage.at(-1)!)).toBe(true);
  const previous = await page.getByRole('button', { name: '上一页' }).boundingBox();
  expect(previous!.height).toBeGreaterThanOrEqual(44);
  await page.getByRole('button', { name: '上一页' }).click();
  await expect(page).toHaveURL(/\/draw-results\/UUFFC$/);
  await expect(page.getByRole('link', { name: '‹ 全部开奖' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('history-phone.png') });
});

test('each lobby card shows its last result and opens the game’s history', async ({ page }, testInfo) => {
  await page.goto('/');
  await waitForApp(page);
  const card = page.locator('[data-testid="lobby-game"][data-draw-type="UUFFC"]');
  const last = card.getByTestId('lobby-last-result');
  await expect(last.getByRole('img', { name: /^开奖号码 / })).toBeVisible();
  await expect(last).toContainText(/第 \d+ 期开奖/);
  await card.screenshot({ path: testInfo.outputPath('lobby-card.png') });
  await page.screenshot({ path: testInfo.outputPath('lobby-phone.png') });
  await last.click();
  await expect(page).toHaveURL(/\/draw-results\/UUFFC$/);
  await expect(page.getByTestId('history-entry').first()).toBeVisible();
});
