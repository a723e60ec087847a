// 我的: the records and settings a player looks for, in one grid at the top of the personal centre.
// Trial accounts see what spec §6 leaves them (bet records, player protection); an entry whose page
// this build does not have (站内信 until the mail route lands) is not shown.
import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { asRouteHref, useCapabilities, type Capabilities } from '../../../capabilities/capabilities.tsx';

export type CenterTab = 'profile' | 'security' | 'devices' | 'protection';

interface HubEntry {
  id: string;
  label: string;
  /** A page, or a tab of the centre itself. */
  target: { href: string } | { tab: CenterTab };
  show: (trial: boolean, capabilities: Capabilities) => boolean;
}

const ENTRIES: HubEntry[] = [
  { id: 'orders', label: '投注记录', target: { href: '/account/order' }, show: (_trial, c) => c.route('/account/order') },
  { id: 'autobets', label: '追号记录', target: { href: '/account/autobet' }, show: (trial, c) => !trial && c.feature('autobet') },
  { id: 'mail', label: '站内信', target: { href: '/mail' }, show: (trial, c) => !trial && c.route('/mail/{-$tab}') },
  { id: 'chat', label: '联系上级', target: { href: '/account/chat' }, show: (trial) => !trial },
  { id: 'security', label: '安全设置', target: { tab: 'security' }, show: (trial) => !trial },
  { id: 'protection', label: '理性娱乐', target: { tab: 'protection' }, show: () => true },
];

const TILE_STYLE = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 48,
  borderRadius: 'var(--mantine-radius-md)',
  background: 'var(--mantine-color-default-hover)',
} as const;

function Tile({ children, ...props }: { children: ReactNode } & Record<string, unknown>) {
  return (
    <UnstyledButton style={TILE_STYLE} {...props}>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </UnstyledButton>
  );
}

export function AccountHubLinks({ trial, onOpenTab }: { trial: boolean; onOpenTab: (tab: CenterTab) => void }) {
  const capabilities = useCapabilities();
  return (
    <nav aria-label="我的">
      <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" data-testid="account-hub">
        {ENTRIES.filter((entry) => entry.show(trial, capabilities)).map((entry) =>
          'href' in entry.target ? (
            <Tile key={entry.id} component={Link} to={asRouteHref(entry.target.href)} data-testid={`hub-${entry.id}`}>
              {entry.label}
            </Tile>
          ) : (
            <Tile key={entry.id} type="button" onClick={() => onOpenTab((entry.target as { tab: CenterTab }).tab)} data-testid={`hub-${entry.id}`}>
              {entry.label}
            </Tile>
          ),
        )}
      </SimpleGrid>
    </nav>
  );
}
