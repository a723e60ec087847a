// The back office's 财务 pages (issue 17): filled by their owner.
import type { BackofficePage } from '../../shell/page.ts';

export const pages: BackofficePage[] = [];
