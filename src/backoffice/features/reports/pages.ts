import { lazy } from 'react';
import type { BackofficePage } from '../../shell/page.ts';

export const pages: BackofficePage[] = [
  {
    path: '/reports/daily',
    title: '日报表',
    permission: 'reports.read',
    nav: { group: '报表', order: 1 },
    component: lazy(() => import('./DailyReportPage.tsx')),
  },
  {
    path: '/reports/draw-types',
    title: '彩种报表',
    permission: 'reports.read',
    nav: { group: '报表', order: 2 },
    component: lazy(() => import('./DrawTypeReportPage.tsx')),
  },
  {
    path: '/reports/providers',
    title: '第三方报表',
    permission: 'reports.read',
    nav: { group: '报表', order: 3 },
    component: lazy(() => import('./ProviderReportPage.tsx')),
  },
  {
    path: '/reports/reconciliation',
    title: '账务核对',
    permission: 'reports.read',
    nav: { group: '报表', order: 4 },
    component: lazy(() => import('./ReconciliationPage.tsx')),
  },
];
