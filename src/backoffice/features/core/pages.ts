import { lazy } from 'react';
import type { BackofficePage } from '../../shell/page.ts';

export const pages: BackofficePage[] = [
  {
    path: '/operators',
    title: '操作员管理',
    permission: 'operators.manage',
    nav: { group: '系统', order: 10 },
    component: lazy(() => import('./operators/OperatorsPage.tsx').then((m) => ({ default: m.OperatorsPage }))),
  },
  {
    path: '/approvals',
    title: '审批队列',
    permission: 'approvals.read',
    nav: { group: '系统', order: 20 },
    component: lazy(() => import('./approvals/ApprovalsPage.tsx').then((m) => ({ default: m.ApprovalsPage }))),
  },
  {
    path: '/audit',
    title: '审计日志',
    permission: 'audit.read',
    nav: { group: '系统', order: 30 },
    component: lazy(() => import('./audit/AuditPage.tsx').then((m) => ({ default: m.AuditPage }))),
  },
];
