import { Button, Group, Text } from '@mantine/core';
import { formatMoney } from '../../../../shared/money.ts';
import type { DraftQuote } from './regular-line.ts';
import { memo } from 'react';

interface LineSummaryProps {
  quote: DraftQuote;
  onAdd: () => void;
  onRandom: (count: number) => void;
  onClear: () => void;
}

/** The live 注数 and amount of the current picks (the engine's), and what to do with them. */
export const LineSummary = memo(function LineSummary({ quote, onAdd, onRandom, onClear }: LineSummaryProps) {
  return (
    <div className="jl-line-summary">
      <div className="jl-line-quote" aria-live="polite" data-testid="line-quote">
        {quote.status === 'ok' ? (
          <Text>
            已选 <b data-testid="line-bets">{quote.bets}</b> 注，共 <b data-testid="line-amount">{formatMoney(quote.stake)}</b>
            {quote.rebate > 0 && (
              <Text span size="sm" c="dimmed">
                {' '}
                （返点 {formatMoney(quote.rebate)}）
              </Text>
            )}
          </Text>
        ) : quote.status === 'invalid' ? (
          <Text className="jl-warning" size="sm" data-testid="line-problem">
            {quote.message}
          </Text>
        ) : (
          <Text c="dimmed" size="sm">
            请选择号码
          </Text>
        )}
      </div>
      <Group gap="xs">
        <Button variant="default" onClick={() => onRandom(1)}>
          机选1注
        </Button>
        <Button variant="default" onClick={() => onRandom(5)}>
          机选5注
        </Button>
        <Button variant="subtle" color="gray" onClick={onClear}>
          清空选号
        </Button>
        <Button disabled={quote.status !== 'ok'} onClick={onAdd} data-testid="add-to-slip">
          添加到号码篮
        </Button>
      </Group>
    </div>
  );
});
