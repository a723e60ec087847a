import { findDrawType } from '../../../shared/catalogue/draw-types.ts';
import { displayResult, type DisplayBall } from '../../../shared/draws/display.ts';
import { resultFormatFor } from '../../../shared/lottery/result.ts';
import './result-balls.css';

export interface ResultBallsProps {
  drawType: string;
  /** The numbers drawn, in draw order; null while the issue waits for its result. */
  result: readonly number[] | null;
  size?: 'sm' | 'md';
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
export function ResultBalls({ drawType, result, size = 'md' }: ResultBallsProps) {
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
  return (
    <span className="jl-balls" data-size={size} role="img" aria-label={`开奖号码 ${shown.text}`}>
      {shown.balls.map((ball, i) => (
        <span key={i} className="jl-ball" data-tone={ballTone(category, ball)} aria-hidden="true">
          {ball.text}
        </span>
      ))}
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
