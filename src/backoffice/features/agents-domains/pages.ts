// The back office's 代理 pages of issue 19: registration domains.
import { lazy } from 'react';
import type { BackofficePage } from '../../shell/page.ts';

export const pages: BackofficePage[] = [
  {
    path: '/agents/domains',
    title: '推广域名',
    permission: 'agents.domains.manage',
    nav: { group: '代理', order: 20 },
    component: lazy(() => import('./DomainsPage.tsx')),
  },
];
