import type { VipLevel } from '../../../../shared/enums.ts';

export interface VipLevelInfo {
  level: VipLevel;
  name: string;
  benefits: string[];
}

// Neutral descriptions: the operator has not published the programme's numbers (spec §3.1 only names the levels).
export const VIP_LEVELS_INFO: readonly VipLevelInfo[] = [
  { level: 'NOT_VIP', name: '普通会员', benefits: ['享受平台全部基础服务', '可参加面向全体会员的活动'] },
  { level: 'VIP_1', name: 'VIP1', benefits: ['专属 VIP1 标识', '优先客服服务', '可参加 VIP 专属活动'] },
  { level: 'VIP_2', name: 'VIP2', benefits: ['专属金色 VIP2 标识', '专属客服经理', '可参加更多 VIP 专属活动'] },
];
