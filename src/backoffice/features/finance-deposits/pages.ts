// The back office's 财务 deposit pages (issue 17 item 5): search, the offline confirmation queue and the
// method configuration.
import { lazy } from 'react';
import type { BackofficePage } from '../../shell/page.ts';

export const pages: BackofficePage[] = [
  {
    path: '/finance/deposits',
    title: '充值记录',
    permission: 'finance.deposits.read',
    nav: { group: '财务', order: 5 },
    component: lazy(() => import('./DepositSearchPage.tsx')),
  },
  {
    path: '/finance/deposit-queue',
    title: '线下充值确认',
    permission: 'finance.deposits.read',
    nav: { group: '财务', order: 10 },
    component: lazy(() => import('./DepositQueuePage.tsx')),
  },
  {
    path: '/finance/deposit-methods',
    title: '充值方式',
    permission: 'finance.settings.read',
    nav: { group: '财务', order: 35 },
    component: lazy(() => import('./DepositMethodsPage.tsx')),
  },
];
