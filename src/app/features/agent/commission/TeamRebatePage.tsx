import { Button, Group, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { asRouteHref } from '../../../capabilities/capabilities.tsx';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';
import { BonusTab } from './BonusTab.tsx';
import { RebateTab } from './RebateTab.tsx';

const TABS = [
  ['rebate', '团队返点'],
  ['bonus', '团队奖金'],
] as const;

/** 团队返点 (spec §2.1): the level-difference commission, or the bonus contracts and their results. */
export function TeamRebatePage({ tab }: { tab: 'rebate' | 'bonus' }) {
  return (
    <OverlayFrame title="团队返点">
      <Stack gap="sm" data-testid="agent-team-rebate">
        <Group gap={6} component="nav" aria-label="团队返点">
          {TABS.map(([id, name]) => (
            <Button
              key={id}
              component={Link}
              to={asRouteHref(`/agent/team-rebate/${id}`)}
              size="compact-sm"
              variant={id === tab ? 'filled' : 'default'}
              aria-current={id === tab ? 'page' : undefined}
            >
              {name}
            </Button>
          ))}
        </Group>
        {tab === 'bonus' ? <BonusTab /> : <RebateTab />}
      </Stack>
    </OverlayFrame>
  );
}
