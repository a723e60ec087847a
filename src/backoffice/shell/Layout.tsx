// The signed-in frame: header (title, operator, sign-out) and the side navigation; on a tablet the
// navigation folds behind a menu button.
import { AppShell, Burger, Group, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { OperatorMenu } from './OperatorMenu.tsx';
import { SideNavigation } from './SideNavigation.tsx';

export function Layout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(close, [pathname, close]);
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'md', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={opened ? '收起导航' : '展开导航'} />
            <Title order={1} size="h4" data-testid="backoffice-title">
              锦鲤运营后台
            </Title>
          </Group>
          <OperatorMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="后台导航">
        <SideNavigation pathname={pathname} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
