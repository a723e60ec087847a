// The back office's 财务 pages of issue 17 owned here: the daily cash report and the sandbox gateway's
// fault controls (deposits and withdrawals have their own feature folders).
import { lazy } from 'react';
import type { BackofficePage } from '../../shell/page.ts';

export const pages: BackofficePage[] = [
  {
    path: '/finance/cash-report',
    title: '日现金报表',
    permission: 'finance.reports.read',
    nav: { group: '财务', order: 20 },
    component: lazy(() => import('./CashReportPage.tsx')),
  },
  {
    path: '/finance/sandbox',
    title: '沙箱故障',
    permission: 'finance.sandbox.manage',
    nav: { group: '财务', order: 30 },
    component: lazy(() => import('./SandboxFaultsPage.tsx')),
  },
];
