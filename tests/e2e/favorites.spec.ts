// Favourite games (收藏) in the lobby: a player stars a game, finds it under 我的收藏 with its
// countdown, still there after a reload (the server keeps it), and un-stars it; a trial player has
// no star (spec §6).
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { loginAs, waitForApp } from './support/app.ts';

test.use({ serviceWorkers: 'block' });

const DRAW_TYPE = 'UUFFC';
const STAR = '收藏 锦鲤分分彩';
/** A 1-minute draw sells half of each minute: the card shows one of these, never the loading dots. */
const COUNTDOWN = /距封盘 [\d:]+|距开售 [\d:]+|已封盘/;

test('a player stars a game, sees it under 我的收藏 after a reload, and un-stars it', async ({ page, context }) => {
  await loginAs(context, 'player');
  expect(await (await context.request.get('/ajax/favorite-game')).json()).toEqual({ favorites: [] });
  await page.goto('/');
  await waitForApp(page);

  const favorites = page.getByTestId('lobby-favorites');
  const lobbyCard = page.locator(`[data-testid="lobby-section"] [data-draw-type="${DRAW_TYPE}"]`);
  const star = lobbyCard.getByRole('button', { name: STAR });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await expect(favorites).toHaveCount(0);

  const saved = page.waitForResponse((r) => r.url().endsWith('/ajax/favorite-game') && r.request().method() === 'POST');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  expect((await saved).status()).toBe(200);
  const favoriteCard = favorites.locator(`[data-draw-type="${DRAW_TYPE}"]`);
  await expect(page.getByRole('heading', { name: '我的收藏' })).toBeVisible();
  await expect(favoriteCard).toBeVisible();
  await expect(favoriteCard.locator('.jl-card-countdown')).toHaveText(COUNTDOWN);
  const { violations } = await new AxeBuilder({ page }).include('[data-testid="lobby-favorites"]').analyze();
  expect(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id)).toEqual([]);

  await page.reload();
  await waitForApp(page);
  await expect(favoriteCard).toBeVisible();
  await expect(favoriteCard.getByRole('button', { name: STAR })).toHaveAttribute('aria-pressed', 'true');
  await expect(favoriteCard.locator('.jl-card-countdown')).toHaveText(COUNTDOWN);

  // Offline the list stays, and the star says why it does nothing.
  await context.setOffline(true);
  const favoriteStar = favoriteCard.getByRole('button', { name: STAR });
  await expect(favoriteStar).toHaveAttribute('aria-disabled', 'true');
  await expect(favoriteStar).toHaveAttribute('title', '当前网络已断开，联网后才能收藏或取消收藏');
  await context.setOffline(false);
  await expect(favoriteStar).not.toHaveAttribute('aria-disabled', 'true');

  const removed = page.waitForResponse((r) => r.url().includes('/ajax/favorite-game?drawType=') && r.request().method() === 'DELETE');
  await favoriteStar.click();
  expect((await removed).status()).toBe(200);
  await expect(favorites).toHaveCount(0);
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  const list = await context.request.get('/ajax/favorite-game');
  expect(await list.json()).toEqual({ favorites: [] });
});

test('a trial player sees no star and no 我的收藏', async ({ page, context }) => {
  await loginAs(context, 'trial');
  await page.goto('/');
  await waitForApp(page);
  await expect(page.getByTestId('account-area')).toHaveAttribute('data-visitor', 'trial');
  await expect(page.getByTestId('lobby-section').first()).toBeVisible();
  await expect(page.getByTestId('favorite-star')).toHaveCount(0);
  await expect(page.getByTestId('lobby-favorites')).toHaveCount(0);
});
