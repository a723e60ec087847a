// Every page of the agent centre (spec §2.1 代理中心), in the order an agent reaches for them: the hub
// of the personal centre and the header's account menu both list these.
export interface AgentMenuEntry {
  id: string;
  label: string;
  href: string;
}

export const AGENT_MENU_ENTRIES: readonly AgentMenuEntry[] = [
  { id: 'team-overview', label: '团队概览', href: '/agent/team-overview' },
  { id: 'team-management', label: '团队管理', href: '/agent/team-management' },
  { id: 'team-profit', label: '团队盈亏', href: '/agent/team-profit' },
  { id: 'team-order', label: '团队投注', href: '/agent/team-order' },
  { id: 'team-wallet', label: '团队钱包', href: '/agent/team-wallet' },
  { id: 'team-rebate', label: '团队返点', href: '/agent/team-rebate' },
  { id: 'link-creation', label: '链接开户', href: '/agent/link-creation' },
  { id: 'link-management', label: '链接管理', href: '/agent/link-management' },
  { id: 'manual-creation', label: '手动开户', href: '/agent/manual-creation' },
  { id: 'chat', label: '团队聊天', href: '/agent/chat' },
];
