// The back office's 第三方游戏 pages (issue 20 item 6): providers and catalogues, the sandbox's fault
// controls, the transfer confirmation queue and reconciliation.
import { lazy } from 'react';
import type { BackofficePage } from '../../shell/page.ts';

export const pages: BackofficePage[] = [
  {
    path: '/providers',
    title: '第三方平台',
    permission: 'providers.read',
    nav: { group: '游戏', order: 60 },
    component: lazy(() => import('./ProvidersPage.tsx')),
  },
  {
    path: '/providers/transfers',
    title: '转账确认队列',
    permission: 'providers.read',
    nav: { group: '游戏', order: 61 },
    component: lazy(() => import('./ProviderTransfersPage.tsx')),
  },
  {
    path: '/providers/reconciliation',
    title: '服务商对账',
    permission: 'providers.transfers.resolve',
    nav: { group: '游戏', order: 62 },
    component: lazy(() => import('./ProviderReconciliationPage.tsx')),
  },
  {
    path: '/providers/faults',
    title: '服务商沙箱故障',
    permission: 'providers.read',
    nav: { group: '游戏', order: 63 },
    component: lazy(() => import('./ProviderFaultsPage.tsx')),
  },
];
