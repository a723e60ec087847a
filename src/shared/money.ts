// Money is an integer count of 0.0001 元 (decisions §3). No floats touch an amount anywhere: parsing
// reads the decimal digits as text and display floors in integer arithmetic.

/** An amount in 0.0001 元. Always a safe integer. */
export type Money = number;

/** 0.0001 元 per 元. */
export const UNITS_PER_YUAN = 10_000;
/** The price of one regular-mode bet (注) in 元 mode: 2 元. */
export const BET_UNIT_PRICE: Money = 2 * UNITS_PER_YUAN;

export class MoneyError extends Error {
  override name = 'MoneyError';
}

export function assertMoney(value: number): Money {
  if (!Number.isSafeInteger(value)) throw new MoneyError(`金额必须为整数单位: ${value}`);
  return value;
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d{0,4}))?$/;

/** Parses a decimal 元 string ("12", "12.3456", "-0.5") into Money; more than 4 decimals is refused. */
export function parseYuan(text: string): Money {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new MoneyError(`无效金额: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const units = Number(whole) * UNITS_PER_YUAN + Number(fraction.padEnd(4, '0'));
  return assertMoney(sign === '-' ? -units : units);
}

/** Converts a whole number of 元 (an integer, e.g. from a recommended-amount button) into Money. */
export function yuan(whole: number): Money {
  return assertMoney(whole * UNITS_PER_YUAN);
}

export function addMoney(...amounts: Money[]): Money {
  let total = 0;
  for (const amount of amounts) total += amount;
  return assertMoney(total);
}

/** Multiplies an amount by an integer factor (bet count, multiplier). */
export function multiplyMoney(amount: Money, factor: number): Money {
  if (!Number.isSafeInteger(factor)) throw new MoneyError(`倍数必须为整数: ${factor}`);
  return assertMoney(amount * factor);
}

/**
 * Scales by numerator/denominator and floors (toward −∞) to 0.0001 元, the rounding rule of every
 * computed amount (prizes, rebates). Uses BigInt when the product would leave the safe range.
 */
export function scaleMoney(amount: Money, numerator: number, denominator: number): Money {
  if (denominator <= 0) throw new MoneyError('分母必须为正数');
  const product = amount * numerator;
  if (Number.isSafeInteger(product)) return Math.floor(product / denominator);
  const big = BigInt(amount) * BigInt(numerator);
  const d = BigInt(denominator);
  let q = big / d;
  if (big % d !== 0n && big < 0n) q -= 1n;
  return assertMoney(Number(q));
}

/** Bet modes 元/角/分/厘 and their factor in thousandths of the 元 price (1, 0.1, 0.01, 0.001). */
export const BET_MODES = {
  YUAN: { label: '元', perMille: 1000 },
  JIAO: { label: '角', perMille: 100 },
  FEN: { label: '分', perMille: 10 },
  LI: { label: '厘', perMille: 1 },
} as const;
export type BetMode = keyof typeof BET_MODES;
export const BET_MODE_KEYS = Object.keys(BET_MODES) as BetMode[];

/** Applies a bet mode to a 元-mode amount: exact for stakes, floored for prizes. */
export function applyMode(amount: Money, mode: BetMode): Money {
  return scaleMoney(amount, BET_MODES[mode].perMille, 1000);
}

/** Regular-mode stake: bets × 2 元 × mode × multiplier, exact in 0.0001 元. */
export function regularStake(bets: number, mode: BetMode, multiplier: number): Money {
  return multiplyMoney(applyMode(multiplyMoney(BET_UNIT_PRICE, bets), mode), multiplier);
}

/** Floors to whole 分 (0.01 元), toward zero, for display. */
function toDisplayCents(amount: Money): { negative: boolean; cents: number } {
  const negative = amount < 0;
  return { negative, cents: Math.floor(Math.abs(amount) / 100) };
}

/** "12.34" — floored to 2 decimals (spec §9), never rounded up. */
export function formatYuan(amount: Money): string {
  const { negative, cents } = toDisplayCents(assertMoney(amount));
  const whole = Math.floor(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  return `${negative && cents > 0 ? '-' : ''}${whole}.${fraction}`;
}

/** "¥12.34" (spec §9); negative amounts as "-¥12.34". */
export function formatMoney(amount: Money): string {
  const text = formatYuan(amount);
  return text.startsWith('-') ? `-¥${text.slice(1)}` : `¥${text}`;
}

/** "12,345.67": the same floor, with thousands separators for tables. */
export function formatMoneyGrouped(amount: Money): string {
  const text = formatMoney(amount);
  return text.replace(/\d+(?=\.)/, (whole) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
}

/** The rolling number display of spec §5: clamps to 0–999999.99. */
export const ROLLING_DISPLAY_MAX: Money = 999_999_99 * 100;
export function clampRollingDisplay(amount: Money): Money {
  return Math.min(Math.max(amount, 0), ROLLING_DISPLAY_MAX);
}

/** Money in API payloads is sent as an integer of 0.0001 元; the database returns bigint as text. */
export function moneyFromDb(value: string | number | bigint): Money {
  const n = typeof value === 'string' ? Number(value) : Number(value);
  return assertMoney(n);
}
