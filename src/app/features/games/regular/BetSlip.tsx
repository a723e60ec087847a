import { ActionIcon, Button, Group, Paper, Text, Title } from '@mantine/core';
import { BET_MODES, formatMoney } from '../../../../shared/money.ts';
import type { SlipLine } from './regular-line.ts';
import { memo } from 'react';

interface BetSlipProps {
  lines: readonly SlipLine[];
  blockedReason: string | null;
  onRemove: (id: string) => void;
  onClear: () => void;
  onBet: () => void;
  /** 追号 with these lines; absent where autobet is not offered. */
  onAutobet?: (() => void) | undefined;
}

/** The autobet screen takes at most this many regular bets. */
const MAX_AUTOBET_LINES = 20;

export function slipTotals(lines: readonly SlipLine[]) {
  return { bets: lines.reduce((n, l) => n + l.bets, 0), stake: lines.reduce((n, l) => n + l.stake, 0) };
}

/** 号码篮: the lines of the next order, each removable, with the total. */
export const BetSlip = memo(function BetSlip({ lines, blockedReason, onRemove, onClear, onBet, onAutobet }: BetSlipProps) {
  const totals = slipTotals(lines);
  return (
    <Paper withBorder p="sm" data-testid="bet-slip">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          号码篮
        </Title>
        <Button size="compact-sm" variant="subtle" color="gray" disabled={lines.length === 0} onClick={onClear}>
          清空号码篮
        </Button>
      </Group>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          号码篮为空，选好号码后点击“添加到号码篮”
        </Text>
      ) : (
        <ul className="jl-slip-lines">
          {lines.map((line, i) => (
            <li key={line.id} className="jl-slip-line" data-testid="slip-line">
              <div className="jl-min0">
                <Text size="sm" fw={600}>
                  {line.methodName}
                </Text>
                <Text size="xs" c="dimmed" className="jl-ellipsis" title={line.summary}>
                  {line.summary}
                </Text>
                <Text size="xs" c="dimmed">
                  {line.bets}注 · {BET_MODES[line.mode].label} · {line.multiplier}倍
                  {line.prizeGroup !== null ? ` · 奖金组 ${line.prizeGroup}` : ''}
                </Text>
              </div>
              <Text size="sm" className="jl-nowrap" data-testid="slip-line-amount">
                {formatMoney(line.stake)}
              </Text>
              <ActionIcon variant="subtle" color="gray" aria-label={`删除第 ${i + 1} 条：${line.methodName}`} onClick={() => onRemove(line.id)}>
                ×
              </ActionIcon>
            </li>
          ))}
        </ul>
      )}
      <Group justify="space-between" mt="sm" wrap="wrap" gap="xs">
        <Text fw={700} data-testid="slip-total">
          共 {lines.length} 条 {totals.bets} 注，合计 {formatMoney(totals.stake)}
        </Text>
        <Group gap="xs">
          {onAutobet && (
            <Button variant="default" onClick={onAutobet} disabled={lines.length === 0 || lines.length > MAX_AUTOBET_LINES || blockedReason !== null} data-testid="slip-autobet">
              追号
            </Button>
          )}
          <Button onClick={onBet} disabled={lines.length === 0 || blockedReason !== null} data-testid="slip-bet">
            立即投注
          </Button>
        </Group>
      </Group>
      {blockedReason && (
        <Text size="sm" className="jl-warning" mt={6} data-testid="bet-blocked-reason">
          {blockedReason}
        </Text>
      )}
    </Paper>
  );
});
