import { Button, Group, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { OrderDetail } from '../../../../shared/api/orders.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { ResultBalls, shownBallCount } from '../../../components/draw/ResultBalls.tsx';
import { claimSettlementPopup } from '../../notifications/settlement-popups.ts';

// games.css .jl-reveal: each ball takes 0.35 s, the n-th starts 0.15 s after the one before, from the
// sixth on all at 0.75 s.
const BALL_MS = 350;
const STEP_MS = 150;
const LAST_START_MS = 750;

/** When the last ball of an animated reveal has landed. */
export function revealDurationMs(drawType: string): number {
  const balls = Math.max(1, shownBallCount(drawType));
  return Math.min((balls - 1) * STEP_MS, LAST_START_MS) + BALL_MS;
}

/**
 * 秒开: the result comes with the order; the balls roll in one after another, and only then does the
 * dialog say whether it won (still when motion is reduced: then at once). The order's settlement
 * popup is not shown — this dialog is where the player sees the result.
 */
export function InstantResultDialog({ drawType, order, onClose }: { drawType: string; order: OrderDetail; onClose: () => void }) {
  const reduceMotion = useReducedMotion();
  const [revealed, setRevealed] = useState(false);
  useEffect(() => claimSettlementPopup(order.orderId), [order.orderId]);
  useEffect(() => {
    if (reduceMotion) {
      setRevealed(true);
      return;
    }
    setRevealed(false);
    const timer = setTimeout(() => setRevealed(true), revealDurationMs(drawType));
    return () => clearTimeout(timer);
  }, [drawType, order.orderId, reduceMotion]);
  const won = order.status === 'WON';
  return (
    <Dialog opened onClose={onClose} title="开奖结果" testId="instant-result" size="sm">
      <Stack gap="md" align="center">
        {/* Screen readers hear the numbers with the outcome, not before the balls have landed. */}
        <div className="jl-reveal" aria-hidden={!revealed} data-revealed={revealed}>
          <ResultBalls drawType={drawType} result={order.result} />
        </div>
        <div aria-live="polite" style={{ minHeight: 28 }}>
          {revealed ? (
            <Text size="lg" fw={700} className={won ? 'jl-danger' : undefined} data-testid="instant-outcome">
              {won ? `恭喜中奖 ${formatMoney(order.payout)}` : '未中奖，再接再厉'}
            </Text>
          ) : (
            <Text size="lg" fw={700} c="dimmed">
              开奖中…
            </Text>
          )}
        </div>
        <Text size="sm" c="dimmed">
          订单 {order.orderId} · 投注 {formatMoney(order.totalStake)}
          {order.rebate > 0 ? ` · 返点 ${formatMoney(order.rebate)}` : ''}
        </Text>
        <Group>
          <Button onClick={onClose}>继续投注</Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
