// 活动管理 (issue 22 items 1, 6): campaigns (list, editor), pending claims, the bonus cost report.
import { lazy } from 'react';
import type { BackofficePage } from '../../shell/page.ts';

const editor = lazy(() => import('./CampaignEditorPage.tsx'));

export const pages: BackofficePage[] = [
  { path: '/campaigns', title: '活动管理', permission: 'campaigns.read', nav: { group: '活动', order: 10 }, component: lazy(() => import('./CampaignsPage.tsx')) },
  { path: '/campaigns/new', title: '新建活动', permission: 'campaigns.manage', component: editor },
  { path: '/campaigns/$id', title: '编辑活动', permission: 'campaigns.read', component: editor },
  { path: '/campaign-claims', title: '活动奖金审核', permission: 'campaigns.read', nav: { group: '活动', order: 11 }, component: lazy(() => import('./ClaimsPage.tsx')) },
  { path: '/campaign-report', title: '活动成本报表', permission: 'campaigns.read', nav: { group: '报表', order: 20 }, component: lazy(() => import('./ReportPage.tsx')) },
];
