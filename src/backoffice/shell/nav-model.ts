// The side navigation: the pages that declare a place in it, those the operator's role may open,
// grouped in a fixed order and sorted within each group.
import type { Permission } from '../../shared/backoffice/permissions.ts';
import type { BackofficePage } from './page.ts';

export type NavGroupName = NonNullable<BackofficePage['nav']>['group'];
export const NAV_GROUP_ORDER: readonly NavGroupName[] = ['客户', '财务', '开奖', '游戏', '内容', '活动', '消息', '代理', '报表', '系统'];

export interface NavItem {
  path: string;
  title: string;
}
export interface NavGroup {
  group: NavGroupName;
  items: NavItem[];
}

export function navGroups(pages: readonly BackofficePage[], can: (permission: Permission) => boolean): NavGroup[] {
  const listed = pages.filter((page) => page.nav && can(page.permission));
  return NAV_GROUP_ORDER.map((group) => ({
    group,
    items: listed
      .filter((page) => page.nav!.group === group)
      .sort((a, b) => a.nav!.order - b.nav!.order)
      .map((page) => ({ path: page.path, title: page.title })),
  })).filter((group) => group.items.length > 0);
}
