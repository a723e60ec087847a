import type { LatestResult } from '../../../shared/api/draws.ts';
import { findDrawType } from '../../../shared/catalogue/draw-types.ts';
import { formatResultText, shortDrawNumber } from '../../../shared/draws/display.ts';
import { ResultBalls, shownBallCount } from '../../components/draw/ResultBalls.tsx';

/** Balls fit a phone's half-width card up to this many; longer results (快乐8, PK10) are one line of text. */
const MAX_CARD_BALLS = 7;

/** A lobby card's last result; loaded after the lobby has rendered (it is not part of its first bundle). */
export default function CardResult({ latest }: { latest: LatestResult }) {
  const { drawType, result } = latest;
  const balls = shownBallCount(drawType) <= MAX_CARD_BALLS;
  return (
    <>
      <span className="jl-card-result-issue">第 {shortDrawNumber(latest.issueNumber)} 期开奖</span>
      {balls ? (
        <ResultBalls drawType={drawType} result={result} size="xs" diceFaces={findDrawType(drawType)?.category === 'QUICK_3'} />
      ) : (
        <span className="jl-card-result-text" role="img" aria-label={`开奖号码 ${formatResultText(drawType, result)}`}>
          {formatResultText(drawType, result)}
        </span>
      )}
    </>
  );
}
