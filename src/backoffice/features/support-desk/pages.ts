// The back office's 客服工作台 (issue 21 item 2).
import { lazy } from 'react';
import type { BackofficePage } from '../../shell/page.ts';

export const pages: BackofficePage[] = [
  {
    path: '/support',
    title: '客服工作台',
    permission: 'support.read',
    nav: { group: '消息', order: 20 },
    component: lazy(() => import('./SupportDeskPage.tsx')),
  },
];
