import { Indicator } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { asRouteHref } from '../../capabilities/capabilities.tsx';
import { showTrialRestriction } from '../../features/notifications/trial-restriction.ts';
import type { NavItem } from './nav-items.ts';

/** One navigation entry: a router link, an external link, or the trial-account alert. */
export function NavEntry({
  item,
  className,
  badge,
  children,
  active,
}: {
  item: NavItem;
  className?: string;
  badge?: number;
  children: ReactNode;
  active?: boolean;
}) {
  const content =
    badge && badge > 0 ? (
      <Indicator label={badge > 99 ? '99+' : badge} size={16} color="red" offset={4} data-testid={`badge-${item.id}`}>
        {children}
      </Indicator>
    ) : (
      children
    );
  if (item.trialRestricted) {
    const operation = item.trialRestricted;
    return (
      <button type="button" className={className} onClick={() => showTrialRestriction(operation)} data-nav={item.id}>
        {content}
      </button>
    );
  }
  if (item.external) {
    return (
      <a className={className} href={item.href} target="_blank" rel="noopener noreferrer" data-nav={item.id}>
        {content}
      </a>
    );
  }
  return (
    <Link
      className={className}
      to={asRouteHref(item.href)}
      resetScroll={item.id === 'download' || item.id === 'announcement' ? false : undefined}
      aria-current={active ? 'page' : undefined}
      data-nav={item.id}
    >
      {content}
    </Link>
  );
}
