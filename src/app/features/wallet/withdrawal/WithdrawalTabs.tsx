import { Button, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { asRouteHref } from '../../../capabilities/capabilities.tsx';
import { PAYOUT_KIND_NAMES, WITHDRAWAL_TABS, type PayoutKind, type WithdrawalTab } from '../../../../shared/api/withdrawals.ts';

const TABS = Object.entries(WITHDRAWAL_TABS) as [WithdrawalTab, PayoutKind][];

/** A link per enabled payout kind, in the spec's order (§2.1). */
export function WithdrawalTabs({ active, enabledKinds }: { active: WithdrawalTab; enabledKinds: readonly PayoutKind[] }) {
  return (
    <Group gap={6} component="nav" aria-label="提现方式" data-testid="withdrawal-tabs">
      {TABS.filter(([, kind]) => enabledKinds.includes(kind)).map(([tab, kind]) => (
        <Button
          key={tab}
          component={Link}
          to={asRouteHref(`/wallet/withdrawal/${tab}`)}
          size="compact-sm"
          variant={tab === active ? 'filled' : 'default'}
          aria-current={tab === active ? 'page' : undefined}
        >
          {PAYOUT_KIND_NAMES[kind]}
        </Button>
      ))}
    </Group>
  );
}
