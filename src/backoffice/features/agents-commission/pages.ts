// The back office's 代理 commission and bonus pages of issue 19 (docs/agents/commission.md).
import { lazy } from 'react';
import type { BackofficePage } from '../../shell/page.ts';

export const pages: BackofficePage[] = [
  {
    path: '/agents/commission',
    title: '佣金批次',
    permission: 'agents.commission.read',
    nav: { group: '代理', order: 10 },
    component: lazy(() => import('./CommissionRunsPage.tsx')),
  },
  {
    path: '/agents/commission/$runId',
    title: '佣金批次详情',
    permission: 'agents.commission.read',
    component: lazy(() => import('./CommissionRunDetailPage.tsx')),
  },
  {
    path: '/agents/bonus',
    title: '代理奖金',
    permission: 'agents.commission.read',
    nav: { group: '代理', order: 11 },
    component: lazy(() => import('./AgentBonusPage.tsx')),
  },
];
