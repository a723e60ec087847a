// 站内信: platform mails sent (with read counts), members' mails to the platform, and sending.
import { lazy } from 'react';
import type { BackofficePage } from '../../shell/page.ts';

export const pages: BackofficePage[] = [
  { path: '/mail', title: '站内信', permission: 'mail.read', nav: { group: '消息', order: 10 }, component: lazy(() => import('./MailPage.tsx')) },
];
