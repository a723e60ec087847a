import { useRouterState } from '@tanstack/react-router';
import { useUnreadMailCount } from '../../features/mail/use-unread.ts';
import { bottomNavItems, type NavItem } from './nav-items.ts';
import { NAV_ICONS } from './nav-icons.tsx';
import { NavEntry } from './NavEntry.tsx';
import { useNavContext } from './use-nav-context.ts';

function isActive(item: NavItem, pathname: string): boolean {
  if (item.external) return false;
  return item.href === '/' ? pathname === '/' : pathname === item.href || pathname.startsWith(`${item.href}/`);
}

/** The phone's bottom navigation (spec §2.4); hidden from the `sm` breakpoint up by CSS. */
export function BottomNav() {
  const items = bottomNavItems(useNavContext());
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const unreadMail = useUnreadMailCount();
  return (
    <nav className="jl-bottom-nav" aria-label="底部导航" data-testid="bottom-nav">
      {items.map((item) => {
        const Icon = NAV_ICONS[item.id];
        return (
          <NavEntry
            key={item.id}
            item={item}
            className="jl-bottom-nav-item"
            active={isActive(item, pathname)}
            badge={item.id === 'mail' ? unreadMail : undefined}
          >
            <Icon size={22} />
            <span>{item.label}</span>
          </NavEntry>
        );
      })}
    </nav>
  );
}
