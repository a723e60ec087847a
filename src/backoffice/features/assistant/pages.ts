// The back office's AI assistant page (issue 21 item 4): adapter, limits, usage, "try a question".
import { lazy } from 'react';
import type { BackofficePage } from '../../shell/page.ts';

export const pages: BackofficePage[] = [
  {
    path: '/assistant',
    title: '智能助手',
    permission: 'assistant.read',
    nav: { group: '消息', order: 30 },
    component: lazy(() => import('./AssistantSettingsPage.tsx')),
  },
];
