import { Group, Text } from '@mantine/core';
import { ResultBalls } from '../../components/draw/ResultBalls.tsx';
import type { OrderStatus } from './order-labels.ts';

export function OrderResult({ drawType, result, status }: { drawType: string; result: readonly number[] | null; status: OrderStatus }) {
  const cancelled = status === 'CUSTOMER_CANCELED' || status === 'SYSTEM_CANCELED';
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
        开奖号码
      </Text>
      {result ? (
        <span data-testid="order-result" data-result={result.join(',')}>
          <ResultBalls drawType={drawType} result={result} size="sm" />
        </span>
      ) : (
        <Text size="sm" c="dimmed" data-testid="order-result-pending">
          {cancelled ? '本单已撤销' : '等待开奖'}
        </Text>
      )}
    </Group>
  );
}
