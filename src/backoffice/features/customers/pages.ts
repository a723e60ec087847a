// The customers pages: the search list, and one customer with its tabs and actions.
import { lazy } from 'react';
import type { BackofficePage } from '../../shell/page.ts';

export const pages: BackofficePage[] = [
  {
    path: '/customers',
    title: '客户查询',
    permission: 'customers.read',
    nav: { group: '客户', order: 1 },
    component: lazy(() => import('./CustomerSearchPage.tsx')),
  },
  {
    path: '/customers/$customerId',
    title: '客户详情',
    permission: 'customers.read',
    component: lazy(() => import('./CustomerDetailPage.tsx')),
  },
];
