// The draws pages: draw types with their result source and feed status, one type's issue calendar,
// one issue (manual result / correction through four-eyes approval, cancel with refunds).
import { lazy } from 'react';
import type { BackofficePage } from '../../shell/page.ts';

export const pages: BackofficePage[] = [
  {
    path: '/draws',
    title: '彩种与开奖源',
    permission: 'draws.read',
    nav: { group: '开奖', order: 1 },
    component: lazy(() => import('./DrawTypesPage.tsx')),
  },
  {
    path: '/draws/$drawType',
    title: '期号日历',
    permission: 'draws.read',
    component: lazy(() => import('./IssueCalendarPage.tsx')),
  },
  {
    path: '/draws/$drawType/issues/$issueNumber',
    title: '期号详情',
    permission: 'draws.read',
    component: lazy(() => import('./IssueDetailPage.tsx')),
  },
];
