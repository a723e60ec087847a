// The content pages: announcements (list, editor), help pages and payment tutorials (list, editor).
import { lazy } from 'react';
import type { BackofficePage } from '../../shell/page.ts';

const announcementEditor = lazy(() => import('./AnnouncementEditorPage.tsx'));

export const pages: BackofficePage[] = [
  { path: '/content/announcements', title: '公告管理', permission: 'content.read', nav: { group: '内容', order: 1 }, component: lazy(() => import('./AnnouncementsPage.tsx')) },
  { path: '/content/announcements/new', title: '新建公告', permission: 'content.manage', component: announcementEditor },
  { path: '/content/announcements/$id', title: '编辑公告', permission: 'content.read', component: announcementEditor },
  { path: '/content/help', title: '帮助页面', permission: 'content.read', nav: { group: '内容', order: 2 }, component: lazy(() => import('./HelpPagesPage.tsx')) },
  { path: '/content/help/edit', title: '编辑帮助页面', permission: 'content.read', component: lazy(() => import('./HelpEditorPage.tsx')) },
  { path: '/content/tutorials', title: '支付教程', permission: 'content.read', nav: { group: '内容', order: 3 }, component: lazy(() => import('./TutorialsPage.tsx')) },
  { path: '/content/tutorials/edit', title: '编辑支付教程', permission: 'content.read', component: lazy(() => import('./TutorialEditorPage.tsx')) },
];
