// The back office's 代理 pages of issue 19 (domains); placeholder until that part is built.
import type { BackofficePage } from '../../shell/page.ts';

export const pages: BackofficePage[] = [];
