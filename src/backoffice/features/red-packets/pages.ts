// The back office's 红包 page (issue 22 item 2): create, schedule, pause, resume and end red packets,
// and see each one's claims and spent vs budget.
import { lazy } from 'react';
import type { BackofficePage } from '../../shell/page.ts';

export const pages: BackofficePage[] = [
  {
    path: '/red-packets',
    title: '红包活动',
    permission: 'campaigns.read',
    nav: { group: '活动', order: 20 },
    component: lazy(() => import('./RedPacketsPage.tsx')),
  },
];
