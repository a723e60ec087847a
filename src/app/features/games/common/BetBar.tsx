import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The bar that stays at the bottom of a game page (above the phone's bottom navigation): what is
 * selected, its amount and 投注. Rendered with the page, so it never appears late and shifts nothing.
 */
export function BetBar({ kind, blockedReason, children }: { kind: 'regular' | 'board'; blockedReason: string | null; children: ReactNode }) {
  return (
    <div className="jl-bet-bar" role="region" aria-label="投注栏" data-testid="bet-bar" data-kind={kind}>
      {blockedReason && (
        <Text size="xs" className="jl-warning" data-testid="bar-blocked-reason">
          {blockedReason}
        </Text>
      )}
      {children}
    </div>
  );
}
