import type { CampaignPhase } from '../../../shared/api/campaigns.ts';
import type { StatusAction } from '../../../shared/api/campaigns.ts';

export const PHASE_COLORS: Record<CampaignPhase, string> = { DRAFT: 'gray', SCHEDULED: 'blue', ACTIVE: 'green', PAUSED: 'orange', ENDED: 'dark' };
export const ACTION_LABELS: Record<StatusAction, string> = { PUBLISH: '发布', PAUSE: '暂停', RESUME: '恢复', END: '结束' };
export const ACTIONS_OF_STATUS: Record<string, StatusAction[]> = {
  DRAFT: ['PUBLISH', 'END'],
  SCHEDULED: ['PAUSE', 'END'],
  PAUSED: ['RESUME', 'END'],
  ENDED: [],
};
export const CAMPAIGNS_UI = { list: '/campaigns', create: '/campaigns/new', edit: (id: number) => `/campaigns/${id}` };
