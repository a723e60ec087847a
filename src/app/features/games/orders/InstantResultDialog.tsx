import { Button, Group, Stack, Text } from '@mantine/core';
import type { OrderDetail } from '../../../../shared/api/orders.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { ResultBalls } from '../../../components/draw/ResultBalls.tsx';

/** 秒开: the result comes with the order; the balls roll in one after another (still when motion is reduced). */
export function InstantResultDialog({ drawType, order, onClose }: { drawType: string; order: OrderDetail; onClose: () => void }) {
  const won = order.status === 'WON';
  return (
    <Dialog opened onClose={onClose} title="开奖结果" testId="instant-result" size="sm">
      <Stack gap="md" align="center">
        <div className="jl-reveal">
          <ResultBalls drawType={drawType} result={order.result} />
        </div>
        <Text size="lg" fw={700} className={won ? 'jl-danger' : undefined} data-testid="instant-outcome">
          {won ? `恭喜中奖 ${formatMoney(order.payout)}` : '未中奖，再接再厉'}
        </Text>
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
