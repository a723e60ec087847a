import { Button, Text } from '@mantine/core';
import { memo } from 'react';
import { BET_MODE_KEYS, BET_MODES, formatMoney, type BetMode, type Money } from '../../../../shared/money.ts';
import { BetBar } from '../common/BetBar.tsx';

interface RegularBetBarProps {
  /** 注数 and amount of what 投注 sends: the slip's lines and the current picks when they are complete. */
  bets: number;
  stake: Money;
  /** Why the current picks cannot be priced (incomplete, a wrong multiplier), shown above the amount. */
  problem: string | null;
  mode: BetMode;
  onMode: (mode: BetMode) => void;
  multiplierText: string;
  onMultiplier: (text: string) => void;
  blockedReason: string | null;
  onBet: () => void;
}

/** 已选 N 注 · ¥X, 模式, 倍数 and 投注, always in reach while the player scrolls the numbers. */
export const RegularBetBar = memo(function RegularBetBar(props: RegularBetBarProps) {
  const { bets, stake, problem, mode, onMode, multiplierText, onMultiplier, blockedReason, onBet } = props;
  return (
    <BetBar kind="regular" blockedReason={blockedReason}>
      <div className="jl-bet-bar-row">
        <div className="jl-bet-bar-summary" aria-live="polite">
          {problem ? (
            <Text size="xs" className="jl-warning jl-ellipsis" title={problem} data-testid="bar-problem">
              {problem}
            </Text>
          ) : (
            <Text size="sm" className="jl-nowrap">
              已选 <b data-testid="bar-bets">{bets}</b> 注
            </Text>
          )}
          <Text size="sm" fw={700} className="jl-nowrap jl-danger" data-testid="bar-amount">
            {formatMoney(stake)}
          </Text>
        </div>
        <select className="jl-bar-field jl-bar-mode" aria-label="模式" value={mode} onChange={(event) => onMode(event.currentTarget.value as BetMode)} data-testid="bar-mode">
          {BET_MODE_KEYS.map((key) => (
            <option key={key} value={key}>
              {BET_MODES[key].label}
            </option>
          ))}
        </select>
        <label className="jl-bar-multiplier">
          <input
            className="jl-bar-field"
            aria-label="倍数"
            inputMode="numeric"
            value={multiplierText}
            onChange={(event) => onMultiplier(event.currentTarget.value)}
            data-testid="bar-multiplier"
          />
          <span aria-hidden="true">倍</span>
        </label>
        <Button h={44} onClick={onBet} disabled={bets === 0 || problem !== null || blockedReason !== null} data-testid="bar-bet">
          投注
        </Button>
      </div>
    </BetBar>
  );
});
