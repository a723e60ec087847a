// How draw results and issue numbers are shown (spec §3.5: the format differs by category; spec §9:
// the short draw number). Results are stored in draw order; the ball zones that players read sorted
// (双色球 red, 大乐透 front and back, 快乐8) are shown sorted.
import { findDrawType } from '../catalogue/draw-types.ts';
import type { LotteryCategory } from '../enums.ts';
// Only the digits, not the board's engine or settings: showing a result must not load them.
import { defaultPc28Derivation, pc28Digits } from '../lottery/board/pc28-digits.ts';

export interface DisplayBall {
  text: string;
  /** Which zone a ball belongs to, for colouring: main, the second zone (blue/back), or 六合彩's 特码. */
  zone: 'main' | 'second' | 'special';
}

export interface DisplayResult {
  balls: DisplayBall[];
  /** A derived value players read alongside (PC蛋蛋: d1+d2+d3=sum; 快3: 和值; 快乐8: 总和). */
  summary: string | null;
  text: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const balls = (values: readonly number[], format: (n: number) => string, zone: DisplayBall['zone'] = 'main') =>
  values.map((n) => ({ text: format(n), zone }));

function ballsOf(category: LotteryCategory, code: string, result: readonly number[]): { balls: DisplayBall[]; summary: string | null } {
  switch (category) {
    case 'SSC':
    case 'THREE_D':
      return { balls: balls(result, String), summary: null };
    case 'QUICK_3':
      return { balls: balls(result, String), summary: `和值 ${result.reduce((a, b) => a + b, 0)}` };
    case 'TAKE_5_OF_11':
    case 'PK10':
      return { balls: balls(result, pad), summary: null };
    case 'KENO':
      return { balls: balls(sorted(result), pad), summary: `总和 ${result.reduce((a, b) => a + b, 0)}` };
    case 'PC_EGG': {
      const digits = pc28Digits(result, defaultPc28Derivation(code));
      const sum = digits[0] + digits[1] + digits[2];
      return { balls: balls(digits, String), summary: `${digits.join('+')}=${sum}` };
    }
    case 'MARK6':
      return { balls: [...balls(result.slice(0, 6), pad), ...balls(result.slice(6), pad, 'special')], summary: null };
    case 'SSQ':
      return { balls: [...balls(sorted(result.slice(0, 6)), pad), ...balls(result.slice(6), pad, 'second')], summary: null };
    case 'DLT':
      return { balls: [...balls(sorted(result.slice(0, 5)), pad), ...balls(sorted(result.slice(5)), pad, 'second')], summary: null };
  }
}

export function displayResult(drawType: string, result: readonly number[]): DisplayResult {
  const info = findDrawType(drawType);
  if (!info || result.length === 0) return { balls: [], summary: null, text: result.join(',') };
  const shown = ballsOf(info.category, info.code, result);
  const main = shown.balls.filter((b) => b.zone === 'main').map((b) => b.text).join(',');
  const rest = shown.balls.filter((b) => b.zone !== 'main').map((b) => b.text).join(',');
  const numbers = rest ? `${main}+${rest}` : main;
  return { ...shown, text: info.category === 'PC_EGG' && shown.summary ? shown.summary : numbers };
}

/** The one-line form used in notifications: "1,2,3,4,5", "01,02,03,04,05,06+07", "3+5+8=16". */
export function formatResultText(drawType: string, result: readonly number[]): string {
  return displayResult(drawType, result).text;
}

/** Spec §9: the part after the first hyphen, or else the last 3 characters. */
export function shortDrawNumber(issueNumber: string): string {
  const hyphen = issueNumber.indexOf('-');
  return hyphen >= 0 ? issueNumber.slice(hyphen + 1) : issueNumber.slice(-3);
}
