import { ResultBalls } from '../../components/draw/ResultBalls.tsx';
import { findDrawType } from '../../../shared/catalogue/draw-types.ts';

/** A result in its category's format for the 开奖 pages: 六合彩 with 生肖, 快3 and 骰宝 as dice. */
export function DrawResult({ drawType, result, drawAt, size = 'sm' }: { drawType: string; result: readonly number[]; drawAt: number; size?: 'xs' | 'sm' | 'md' }) {
  const category = findDrawType(drawType)?.category;
  return (
    <ResultBalls
      drawType={drawType}
      result={result}
      size={size}
      zodiacAt={category === 'MARK6' ? drawAt : undefined}
      diceFaces={category === 'QUICK_3'}
    />
  );
}
