import { ActionIcon, Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { formatMoney } from '../../../../shared/money.ts';
import type { BoardSlipBet, PricedBoardBet } from './board-bets.ts';
import { memo } from 'react';

export interface PricedSlipBet {
  bet: BoardSlipBet;
  priced: PricedBoardBet;
}

interface BoardBetListProps {
  bets: readonly PricedSlipBet[];
  blockedReason: string | null;
  onStake: (id: string, yuanText: string) => void;
  onRemove: (id: string) => void;
  onApplyAmount: () => void;
  onClear: () => void;
  onBet: () => void;
  /** 追号 with these bets; absent where autobet is not offered. */
  onAutobet?: (() => void) | undefined;
  /** Without its own frame and heading, inside the bet bar's drawer (which has both). */
  inDrawer?: boolean;
}

/** The autobet screen takes at most this many board bets. */
const MAX_AUTOBET_BETS = 50;

export function boardTotals(bets: readonly PricedSlipBet[]) {
  let stake = 0;
  let count = 0;
  for (const { priced } of bets) {
    if (!priced.ok) continue;
    stake += priced.totalStake;
    count += priced.combinations;
  }
  return { stake, count, valid: bets.length > 0 && bets.every((b) => b.priced.ok) };
}

/** The bets of the next order with a stake each (per combination), the total and the bet button. */
export const BoardBetList = memo(function BoardBetList({ bets, blockedReason, onStake, onRemove, onApplyAmount, onClear, onBet, onAutobet, inDrawer = false }: BoardBetListProps) {
  const totals = boardTotals(bets);
  return (
    <Paper withBorder={!inDrawer} p={inDrawer ? 0 : 'sm'} data-testid={inDrawer ? 'drawer-bet-list' : 'board-bet-list'}>
      <Group justify={inDrawer ? 'flex-end' : 'space-between'} mb="xs">
        {!inDrawer && (
          <Title order={2} size="h5">
            投注单
          </Title>
        )}
        <Group gap={4}>
          <Button size="compact-sm" variant="subtle" disabled={bets.length === 0} onClick={onApplyAmount}>
            全部使用当前金额
          </Button>
          <Button size="compact-sm" variant="subtle" color="gray" disabled={bets.length === 0} onClick={onClear}>
            清空
          </Button>
        </Group>
      </Group>
      {bets.length === 0 ? (
        <Text size="sm" c="dimmed">
          点击赔率表中的选项加入投注单
        </Text>
      ) : (
        <ul className="jl-bet-list">
          {bets.map(({ bet, priced }, i) => (
            <li key={bet.id} className="jl-bet-row" data-testid="board-bet">
              <div className="jl-min0">
                <Text size="sm" fw={600} className="jl-ellipsis">
                  {bet.betTypeName} {bet.label}
                </Text>
                <Text size="xs" c={priced.ok ? 'dimmed' : undefined} className={priced.ok ? undefined : 'jl-danger'}>
                  {priced.ok ? `@${bet.odds}${priced.combinations > 1 ? ` · ${priced.combinations} 组` : ''} · ${formatMoney(priced.totalStake)}` : priced.message}
                </Text>
              </div>
              <TextInput
                aria-label={`第 ${i + 1} 注金额（元）：${bet.betTypeName} ${bet.label}`}
                inputMode="numeric"
                w={84}
                size="xs"
                value={bet.stakeText}
                onChange={(event) => onStake(bet.id, event.currentTarget.value)}
              />
              <ActionIcon variant="subtle" color="gray" aria-label={`删除第 ${i + 1} 注：${bet.betTypeName} ${bet.label}`} onClick={() => onRemove(bet.id)}>
                ×
              </ActionIcon>
            </li>
          ))}
        </ul>
      )}
      <Group justify="space-between" mt="sm" gap="xs" wrap="wrap">
        <Text fw={700} data-testid="board-total">
          共 {totals.count} 注，合计 {formatMoney(totals.stake)}
        </Text>
        <Group gap="xs">
          {onAutobet && (
            <Button variant="default" onClick={onAutobet} disabled={!totals.valid || bets.length > MAX_AUTOBET_BETS || blockedReason !== null} data-testid="board-autobet">
              追号
            </Button>
          )}
          <Button onClick={onBet} disabled={!totals.valid || blockedReason !== null} data-testid="board-bet-submit">
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
