import { Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { memo, useEffect, useRef, useState } from 'react';
import type { DrawnIssue } from '../../../../shared/api/draws.ts';
import { watchReveals } from '../../notifications/settlement-popups.ts';
import { Die, diceSummary } from './Die.tsx';

const ROLL_MS = 1_200;
const FRAME_MS = 110;

function randomFaces(): number[] {
  return [1, 2, 3].map(() => 1 + Math.floor(Math.random() * 6));
}

/**
 * The latest throw, big. A new result rolls the dice for a moment before they land; with reduced
 * motion the result simply appears. Settlement popups of this draw type wait until the dice have
 * landed on their issue: they would tell the result first.
 */
export const DiceStage = memo(function DiceStage({ latest }: { latest: DrawnIssue | null }) {
  const reduceMotion = useReducedMotion();
  const result = latest?.result ?? null;
  const issueNumber = latest?.issueNumber ?? null;
  const drawType = latest?.drawType ?? null;
  // The issue whose throw has landed. The first result shown lands at once; a new one is rolling from
  // the very render that brings it, so its faces and text never show before the roll has ended.
  const [landed, setLanded] = useState(issueNumber);
  if (landed === null && issueNumber !== null) setLanded(issueNumber);
  const rolling = !reduceMotion && issueNumber !== null && landed !== null && issueNumber !== landed;
  const [rollFaces, setRollFaces] = useState(randomFaces);
  const reveals = useRef<ReturnType<typeof watchReveals> | null>(null);

  useEffect(() => {
    if (!drawType) return;
    const watch = watchReveals(drawType);
    reveals.current = watch;
    return () => {
      reveals.current = null;
      watch.stop();
    };
  }, [drawType]);

  useEffect(() => {
    if (!issueNumber) return;
    if (!rolling) {
      setLanded(issueNumber);
      reveals.current?.revealed(issueNumber);
      return;
    }
    const timer = setInterval(() => setRollFaces(randomFaces()), FRAME_MS);
    const stop = setTimeout(() => setLanded(issueNumber), ROLL_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(stop);
    };
  }, [issueNumber, rolling]);

  const faces = rolling ? rollFaces : (result ?? []);
  return (
    <div className="jl-dice-stage" data-testid="dice-stage" data-rolling={rolling ? true : undefined}>
      {faces.length === 3 ? faces.map((face, i) => <Die key={i} face={face} rolling={rolling} />) : <Text c="dimmed">等待开奖</Text>}
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
