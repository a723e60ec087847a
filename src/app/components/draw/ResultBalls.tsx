import { findDrawType } from '../../../shared/catalogue/draw-types.ts';
import { displayResult, type DisplayBall } from '../../../shared/draws/display.ts';
import { ZODIACS, zodiacYearOf } from '../../../shared/lottery/board/mark6-zodiac.ts';
import { resultFormatFor } from '../../../shared/lottery/result.ts';
import './result-balls.css';

export interface ResultBallsProps {
  drawType: string;
  /** The numbers drawn, in draw order; null while the issue waits for its result. */
  result: readonly number[] | null;
  size?: 'xs' | 'sm' | 'md';
  /** 六合彩: the draw time, to name each number's 生肖 under its ball (the table changes at 春节). */
  zodiacAt?: number | undefined;
  /** 快3 and 骰宝: show the numbers as dice faces. */
  diceFaces?: boolean | undefined;
}

const BEIJING_OFFSET_MS = 8 * 3_600_000;
const ZODIAC_NAMES: Record<string, string> = Object.fromEntries(ZODIACS.map((z) => [z.id, z.name]));

/** 生肖 of each 六合彩 number drawn at `drawAt` (the table in force on that Beijing date). */
export function mark6Zodiacs(result: readonly number[], drawAt: number): string[] {
  const table = zodiacYearOf(new Date(drawAt + BEIJING_OFFSET_MS).toISOString().slice(0, 10));
  return result.map((n) => ZODIAC_NAMES[table.zodiacOf[n] ?? ''] ?? '');
}

// Pip cells of a 3 × 3 grid, numbered 0–8 row by row.
const PIPS: Record<number, readonly number[]> = {
  1: [4],
  2: [0, 8],
  3: [0, 4, 8],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

function DieFace({ face }: { face: number }) {
  const pips = PIPS[face] ?? [];
  return (
    <span className="jl-ball jl-ball-die" data-tone="die" data-face={face} aria-hidden="true">
      {Array.from({ length: 9 }, (_, cell) => (
        <span key={cell} className={pips.includes(cell) ? 'jl-ball-pip' : undefined} />
      ))}
    </span>
  );
}

// 六合彩 colour waves (波色): the standard public table, kept here so that showing a result does not
// load the board engine's 六合彩 module.
const MARK6_RED = new Set([1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46]);
const MARK6_BLUE = new Set([3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48]);

function ballTone(category: string | undefined, ball: DisplayBall): string {
  if (category === 'MARK6') {
    const n = Number(ball.text);
    return MARK6_RED.has(n) ? 'red' : MARK6_BLUE.has(n) ? 'blue' : 'green';
  }
  if (category === 'SSQ' || category === 'DLT') return ball.zone === 'main' ? 'red' : 'blue';
  return ball.zone === 'special' ? 'grape' : 'blue';
}

/** How many balls a result of this draw type shows, so the waiting state takes the same room. */
export function shownBallCount(drawType: string): number {
  const info = findDrawType(drawType);
  if (!info) return 0;
  if (info.category === 'PC_EGG') return 3;
  return resultFormatFor(info.category, info.code).length;
}

/** 开奖中: the balls of the coming result rolling (still under reduced motion: they only pulse). */
export function DrawingBalls({ drawType, size = 'sm' }: { drawType: string; size?: 'sm' | 'md' }) {
  const count = shownBallCount(drawType);
  return (
    <span className="jl-balls jl-balls-drawing" data-size={size} role="img" aria-label="开奖中">
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className="jl-ball" data-tone="drawing" aria-hidden="true" />
      ))}
      <span className="jl-drawing-label">开奖中</span>
    </span>
  );
}

/** A draw result as coloured balls (spec §3.5 formats per category), or placeholders while waiting. */
export function ResultBalls({ drawType, result, size = 'md', zodiacAt, diceFaces = false }: ResultBallsProps) {
  const category = findDrawType(drawType)?.category;
  if (!result || result.length === 0) {
    const count = shownBallCount(drawType);
    return (
      <span className="jl-balls" data-size={size} role="img" aria-label="等待开奖">
        {Array.from({ length: count }, (_, i) => (
          <span key={i} className="jl-ball" data-tone="waiting" aria-hidden="true">
            ?
          </span>
        ))}
      </span>
    );
  }
  const shown = displayResult(drawType, result);
  const zodiacs = category === 'MARK6' && zodiacAt !== undefined ? mark6Zodiacs(result, zodiacAt) : null;
  const dice = diceFaces && category === 'QUICK_3';
  const label = `开奖号码 ${shown.text}${zodiacs ? ` 生肖 ${zodiacs.join(',')}` : ''}`;
  return (
    <span className="jl-balls" data-size={size} data-zodiac={zodiacs ? true : undefined} role="img" aria-label={label}>
      {shown.balls.map((ball, i) =>
        dice ? (
          <DieFace key={i} face={Number(ball.text)} />
        ) : zodiacs ? (
          <span key={i} className="jl-ball-with-zodiac" aria-hidden="true">
            <span className="jl-ball" data-tone={ballTone(category, ball)}>
              {ball.text}
            </span>
            <span className="jl-ball-zodiac">{zodiacs[i]}</span>
          </span>
        ) : (
          <span key={i} className="jl-ball" data-tone={ballTone(category, ball)} aria-hidden="true">
            {ball.text}
          </span>
        ),
      )}
      {shown.summary && category !== 'PC_EGG' && (
        <span className="jl-ball-summary" aria-hidden="true">
          {shown.summary}
        </span>
      )}
      {category === 'PC_EGG' && shown.summary && (
        <span className="jl-ball-summary" aria-hidden="true">
          = {shown.summary.split('=')[1]}
        </span>
      )}
    </span>
  );
}
