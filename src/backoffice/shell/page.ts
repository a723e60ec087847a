// One back-office page: each feature folder exports its pages (features/<name>/pages.ts) and the
// shell builds the router and the navigation from them, showing only what the operator's role may see.
import type { ComponentType } from 'react';
import type { Permission } from '../../shared/backoffice/permissions.ts';

export interface BackofficePage {
  /** Router path under /backoffice, TanStack syntax: '/customers', '/customers/$customerId'. */
  path: string;
  /** Chinese page title (document title and heading). */
  title: string;
  /** The permission needed to open the page. */
  permission: Permission;
  /** Present for pages listed in the side navigation. */
  nav?: { group: '客户' | '财务' | '开奖' | '游戏' | '内容' | '活动' | '消息' | '代理' | '报表' | '系统'; order: number };
  /** Use React.lazy so each page is its own chunk. */
  component: ComponentType;
}
