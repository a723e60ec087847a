// The back office's 第三方游戏 pages of issue 20; placeholder until built.
import type { BackofficePage } from '../../shell/page.ts';

export const pages: BackofficePage[] = [];
