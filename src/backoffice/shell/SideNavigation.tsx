import { NavLink, ScrollArea, Text } from '@mantine/core';
import { useOperator } from '../lib/operator.ts';
import { BoLink } from '../lib/navigation.tsx';
import { navGroups } from './nav-model.ts';
import { useBackofficePages } from './use-pages.ts';

/** Active for the page itself and the pages below it ('/customers' for '/customers/12'). */
function isActive(pathname: string, path: string): boolean {
  return path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
}

export function SideNavigation({ pathname }: { pathname: string }) {
  const { can } = useOperator();
  const groups = navGroups(useBackofficePages(), can);
  return (
    <ScrollArea type="auto" h="100%">
      <nav aria-label="功能菜单" data-testid="backoffice-nav">
        <NavLink component={BoLink} to="/" label="首页" active={isActive(pathname, '/')} />
        {groups.map(({ group, items }) => (
          <div key={group}>
            <Text size="xs" fw={700} c="dimmed" px="sm" pt="md" pb={4}>
              {group}
            </Text>
            {items.map((item) => (
              <NavLink key={item.path} component={BoLink} to={item.path} label={item.title} active={isActive(pathname, item.path)} />
            ))}
          </div>
        ))}
      </nav>
    </ScrollArea>
  );
}
