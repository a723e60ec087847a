// A realistic mix of 锦鲤分分彩 (UUFFC) orders, from a seeded PRNG, priced by the server's own pricing
// (the same validation a POST /ajax/orders goes through). Used as request bodies by the placement
// bench and as the rows of the settlement bench.
//
// Mix (share of orders): 直选 ZX5 one 注 30 %, ZX5 复式 8 %, 五星组选120 8 %, 定位胆 12 %, 前二/后二大小单双 14 %,
// 三星/二星 直选·组选 6 %, two-bet regular orders 4 %, board (信用) orders 18 % (第N球 digit or 大小单双, 总和,
// 龙虎; one to three bets). A fifth of the regular bets use a lower prize group than the player's
// (their rebate is paid at settlement).
import type { BoardBetInput, PlaceOrder, RegularBetInput } from '../../src/shared/api/orders.ts';
import { getDrawType } from '../../src/shared/catalogue/draw-types.ts';
import { randomSelection, type Selection } from '../../src/shared/lottery/index.ts';
import { yuan, type BetMode } from '../../src/shared/money.ts';
import { priceBoard, priceRegular, type PricedOrder } from '../../src/server/orders/pricing.ts';

export const BENCH_DRAW_TYPE = 'UUFFC';
export const PLAYER_PRIZE_GROUP = 1950;
/** The settlement bench's draw (distinct digits: 组选120 can win). */
export const BENCH_RESULT = [3, 8, 1, 6, 5] as const;

export type OrderBody = Omit<Extract<PlaceOrder, { playMode: 'REGULAR' }>, 'clientKey' | 'issueNumber'> | Omit<Extract<PlaceOrder, { playMode: 'BOARD' }>, 'clientKey' | 'issueNumber'>;

export interface OrderTemplate {
  body: OrderBody;
  priced: PricedOrder;
}

export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const digit = (rng: Rng) => Math.floor(rng() * 10);
const distinctDigits = (rng: Rng, n: number) => {
  const all = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, n).sort((a, b) => a - b);
};

const MODES: readonly BetMode[] = ['YUAN', 'YUAN', 'JIAO', 'JIAO', 'FEN', 'LI'];
const MULTIPLIERS = [1, 1, 1, 2, 2, 3, 5, 10];
const DXDS = ['大', '小', '单', '双'];

function regularBet(rng: Rng, methodId: string, selection: Selection): RegularBetInput {
  const bet: RegularBetInput = { methodId, selection: selection as RegularBetInput['selection'], mode: pick(rng, MODES), multiplier: pick(rng, MULTIPLIERS) };
  if (rng() < 0.2) bet.prizeGroup = pick(rng, [1800, 1850, 1900]);
  return bet;
}

function regularOne(rng: Rng, kind: number): RegularBetInput {
  if (kind < 30) return regularBet(rng, 'ZX5', { rows: [0, 1, 2, 3, 4].map(() => [digit(rng)]) });
  if (kind < 38) {
    // 复式: two or three positions with two digits each.
    const wide = new Set(distinctDigits(rng, 5).slice(0, 2 + Math.floor(rng() * 2)));
    return regularBet(rng, 'ZX5', { rows: [0, 1, 2, 3, 4].map((p) => (wide.has(p) ? distinctDigits(rng, 2) : [digit(rng)])) });
  }
  if (kind < 46) return regularBet(rng, 'WXZU120', { rows: [distinctDigits(rng, 5 + Math.floor(rng() * 2))] });
  if (kind < 58) return regularBet(rng, 'DWD', randomSelection(BENCH_DRAW_TYPE, 'DWD', rng));
  if (kind < 72) return regularBet(rng, pick(rng, ['Q2DXDS', 'H2DXDS']), { rows: [[pick(rng, DXDS)], [pick(rng, DXDS)]] });
  const methodId = pick(rng, ['QZX3', 'HZX3', 'QZU6', 'HZX2', 'QZU3']);
  return regularBet(rng, methodId, randomSelection(BENCH_DRAW_TYPE, methodId, rng));
}

function boardOne(rng: Rng): BoardBetInput {
  const stake = yuan(pick(rng, [1, 2, 5, 10, 10, 20, 50, 100]));
  const roll = rng();
  if (roll < 0.3) return { betTypeId: `BALL_${1 + Math.floor(rng() * 5)}`, selection: String(digit(rng)), stake };
  if (roll < 0.7) return { betTypeId: `BALL_${1 + Math.floor(rng() * 5)}`, selection: pick(rng, ['BIG', 'SMALL', 'ODD', 'EVEN']), stake };
  if (roll < 0.85) return { betTypeId: 'SUM', selection: pick(rng, ['BIG', 'SMALL', 'ODD', 'EVEN']), stake };
  return { betTypeId: 'DRAGON_TIGER_1_5', selection: pick(rng, ['DRAGON', 'TIGER']), stake };
}

function drawTemplate(rng: Rng, drawDate: string): OrderTemplate {
  const info = getDrawType(BENCH_DRAW_TYPE);
  const kind = rng() * 100;
  if (kind < 82) {
    const bets = kind < 78 ? [regularOne(rng, kind)] : [regularOne(rng, rng() * 78), regularOne(rng, rng() * 78)];
    for (;;) {
      try {
        return { body: { playMode: 'REGULAR', drawType: BENCH_DRAW_TYPE, bets }, priced: priceRegular(info, bets, PLAYER_PRIZE_GROUP) };
      } catch {
        // A prize group outside a fixed-prize method's range: bet at the player's own group instead.
        const withGroup = bets.find((b) => b.prizeGroup !== undefined);
        if (!withGroup) throw new Error(`unpriceable bench order ${JSON.stringify(bets)}`);
        delete withGroup.prizeGroup;
      }
    }
  }
  const bets = Array.from({ length: 1 + Math.floor(rng() * rng() * 3) }, () => boardOne(rng));
  return { body: { playMode: 'BOARD', drawType: BENCH_DRAW_TYPE, bets }, priced: priceBoard(info, bets, drawDate) };
}

/** `count` distinct order templates, the same for the same seed. */
export function orderTemplates(count: number, seed = 20_260_722, drawDate = '2026-07-22'): OrderTemplate[] {
  const rng = seeded(seed);
  return Array.from({ length: count }, () => drawTemplate(rng, drawDate));
}
