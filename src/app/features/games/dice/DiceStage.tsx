import { Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { memo, useEffect, useRef, useState } from 'react';
import type { DrawnIssue } from '../../../../shared/api/draws.ts';
import { Die, diceSummary } from './Die.tsx';

const ROLL_MS = 1_200;
const FRAME_MS = 110;

function randomFaces(): number[] {
  return [1, 2, 3].map(() => 1 + Math.floor(Math.random() * 6));
}

/**
 * The latest throw, big. A new result rolls the dice for a moment before they land; with reduced
 * motion the result simply appears.
 */
export const DiceStage = memo(function DiceStage({ latest }: { latest: DrawnIssue | null }) {
  const reduceMotion = useReducedMotion();
  const [rolling, setRolling] = useState<number[] | null>(null);
  const shown = useRef<string | null>(null);
  const result = latest?.result ?? null;
  const issueNumber = latest?.issueNumber ?? null;

  useEffect(() => {
    const first = shown.current === null;
    shown.current = issueNumber;
    if (first || reduceMotion || !issueNumber) return;
    const timer = setInterval(() => setRolling(randomFaces()), FRAME_MS);
    const stop = setTimeout(() => {
      clearInterval(timer);
      setRolling(null);
    }, ROLL_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(stop);
      setRolling(null);
    };
  }, [issueNumber, reduceMotion]);

  const faces = rolling ?? result ?? [];
  return (
    <div className="jl-dice-stage" data-testid="dice-stage" data-rolling={rolling ? true : undefined}>
      {faces.length === 3 ? faces.map((face, i) => <Die key={i} face={face} rolling={rolling !== null} />) : <Text c="dimmed">等待开奖</Text>}
      <div aria-live="polite">
        {latest && result && !rolling && (
          <Text fw={700} data-testid="dice-result-text">
            第 {latest.issueNumber} 期：{result.join(' ')}（{diceSummary(result)}）
          </Text>
        )}
        {rolling && <Text fw={700}>开奖中…</Text>}
      </div>
    </div>
  );
});
