// The back office's 财务 withdrawal pages (issue 17 item 5): the audit queue, one withdrawal, the settings.
import { lazy } from 'react';
import type { BackofficePage } from '../../shell/page.ts';

export const pages: BackofficePage[] = [
  {
    path: '/finance/withdrawals',
    title: '提现审核',
    permission: 'finance.withdrawals.read',
    nav: { group: '财务', order: 20 },
    component: lazy(() => import('./WithdrawalQueuePage.tsx')),
  },
  {
    path: '/finance/withdrawals/$withdrawalId',
    title: '提现详情',
    permission: 'finance.withdrawals.read',
    component: lazy(() => import('./WithdrawalDetailPage.tsx')),
  },
  {
    path: '/finance/withdrawal-settings',
    title: '提现设置',
    permission: 'finance.settings.read',
    nav: { group: '财务', order: 40 },
    component: lazy(() => import('./WithdrawalSettingsPage.tsx')),
  },
];
