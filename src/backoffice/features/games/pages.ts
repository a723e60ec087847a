import { lazy } from 'react';
import type { BackofficePage } from '../../shell/page.ts';

export const pages: BackofficePage[] = [
  { path: '/games', title: '游戏开关', permission: 'games.read', nav: { group: '游戏', order: 1 }, component: lazy(() => import('./GamesPage.tsx')) },
  { path: '/games/$drawType/limits', title: '标准玩法限额', permission: 'games.read', component: lazy(() => import('./GameLimitsPage.tsx')) },
  { path: '/games/$drawType/odds', title: '盘面赔率与退水', permission: 'games.read', component: lazy(() => import('./BoardOddsPage.tsx')) },
];
