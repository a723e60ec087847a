// 代理中心: every agent page in one grid, for the personal centre of an agent (phone first: three
// tiles a row, large enough to tap).
import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { asRouteHref } from '../../../capabilities/capabilities.tsx';
import { AGENT_MENU_ENTRIES } from './agent-menu-entries.ts';

const TILE_STYLE = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 48,
  borderRadius: 'var(--mantine-radius-md)',
  background: 'var(--mantine-color-default-hover)',
} as const;

export function AgentMenu() {
  return (
    <nav aria-label="代理中心" data-testid="agent-menu">
      <Text fw={600} size="sm" mb="xs">
        代理中心
      </Text>
      <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
        {AGENT_MENU_ENTRIES.map((entry) => (
          <UnstyledButton key={entry.id} component={Link} to={asRouteHref(entry.href)} style={TILE_STYLE} data-testid={`agent-menu-${entry.id}`}>
            <Text size="sm" fw={500}>
              {entry.label}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </nav>
  );
}
