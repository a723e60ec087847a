// What a rule decides for one customer: qualified (with the claim's period key, what qualified and,
// for rules that fix it themselves, the bonus) or not, with the reason in Chinese.
import type { Money } from '../../../shared/money.ts';
import { formatMoney } from '../../../shared/money.ts';

export type Qualification =
  | { ok: true; periodKey: string; ref: string | null; qualifying: Money; bonus?: Money }
  | { ok: false; reason: string };

export const notYet = (reason: string): Qualification => ({ ok: false, reason });
export const yuanText = (amount: Money) => formatMoney(amount);

/** The claim window: the campaign's period or the current day/week/month inside it. */
export interface Window {
  key: string;
  start: Date;
  end: Date;
}

export const inside = (at: Date, window: Window) => at >= window.start && at < window.end;
