// The back office's VIP programme and weekly-ranking pages (issue 22 items 4, 5).
import { lazy } from 'react';
import type { BackofficePage } from '../../shell/page.ts';

export const pages: BackofficePage[] = [
  {
    path: '/vip',
    title: 'VIP 等级',
    permission: 'vip.read',
    nav: { group: '客户', order: 40 },
    component: lazy(() => import('./VipProgrammePage.tsx')),
  },
  {
    path: '/weekly-ranking',
    title: '周排行榜',
    permission: 'jackpot.read',
    nav: { group: '活动', order: 70 },
    component: lazy(() => import('./WeeklyRankingPage.tsx')),
  },
];
