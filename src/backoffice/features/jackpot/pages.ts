// The back office's 奖池 page (issue 22 item 3): pool reconciliation, settings and round history.
import { lazy } from 'react';
import type { BackofficePage } from '../../shell/page.ts';

export const pages: BackofficePage[] = [
  {
    path: '/jackpot',
    title: '奖池',
    permission: 'jackpot.read',
    nav: { group: '活动', order: 85 },
    component: lazy(() => import('./JackpotPage.tsx')),
  },
];
