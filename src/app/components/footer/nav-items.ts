// The footer and bottom-navigation entries with their visibility rules (spec §2.4), as data.
import type { Capabilities, CapabilityPath } from '../../capabilities/capabilities.tsx';
import type { VisitorKind } from '../../features/session/use-current-customer.ts';

export type NavItemId =
  | 'lobby'
  | 'results'
  | 'deposit'
  | 'transfer'
  | 'withdrawal'
  | 'personal'
  | 'agent'
  | 'mail'
  | 'campaign'
  | 'announcement'
  | 'help'
  | 'download'
  | 'vip';

export interface NavItem {
  id: NavItemId;
  label: string;
  href: string;
  /** External links open in a new tab (VIP info for logged-out visitors). */
  external?: boolean;
  /** Trial players get the trial-account alert instead of the page (spec §6). */
  trialRestricted?: string;
}

interface NavContext {
  visitor: VisitorKind;
  capabilities: Capabilities;
  vipInfoUrl: string | null;
}

interface Rule {
  id: NavItemId;
  label: string;
  href: string;
  route?: CapabilityPath;
  show: (visitor: VisitorKind) => boolean;
  trialRestricted?: string;
}

const loggedIn = (v: VisitorKind) => v !== 'anonymous';
const nonTrial = (v: VisitorKind) => v === 'player' || v === 'agent';
const always = () => true;

const BOTTOM_RULES: Rule[] = [
  { id: 'lobby', label: '大厅', href: '/', show: always },
  // Not in spec §2.4: the 开奖 page (issue 18), next to the lobby for every visitor.
  { id: 'results', label: '开奖', href: '/draw-results', route: '/draw-results', show: always },
  { id: 'deposit', label: '充值', href: '/wallet/deposit', route: '/wallet/deposit', show: loggedIn, trialRestricted: '充值' },
  { id: 'transfer', label: '转账', href: '/wallet/third-party', route: '/wallet/third-party/{-$tab}', show: loggedIn, trialRestricted: '转账' },
  { id: 'withdrawal', label: '提现', href: '/wallet/withdrawal', route: '/wallet/withdrawal/{-$tab}', show: loggedIn, trialRestricted: '提现' },
  { id: 'personal', label: '个人', href: '/account/center', route: '/account/center', show: loggedIn },
  { id: 'agent', label: '代理', href: '/agent/team-overview', route: '/agent/team-overview', show: (v) => v === 'agent' },
  { id: 'mail', label: '站内信', href: '/mail', route: '/mail/{-$tab}', show: nonTrial },
  { id: 'campaign', label: '活动', href: '/campaign', route: '/campaign/{-$tab}', show: always },
  { id: 'help', label: '帮助', href: '/help', show: always },
  { id: 'download', label: '下载', href: '/download', show: always },
  { id: 'vip', label: 'VIP', href: '/account/vip', route: '/account/vip', show: nonTrial },
];

function visible(rule: Rule, context: NavContext): boolean {
  return rule.show(context.visitor) && (rule.route === undefined || context.capabilities.route(rule.route));
}

function toItem(rule: Rule, visitor: VisitorKind): NavItem {
  const item: NavItem = { id: rule.id, label: rule.label, href: rule.href };
  if (visitor === 'trial' && rule.trialRestricted) item.trialRestricted = rule.trialRestricted;
  return item;
}

export function bottomNavItems(context: NavContext): NavItem[] {
  const items = BOTTOM_RULES.filter((rule) => visible(rule, context)).map((rule) => toItem(rule, context.visitor));
  // Spec §2.4: logged out, the VIP entry opens the external VIP information page instead.
  if (context.visitor === 'anonymous' && context.vipInfoUrl) {
    items.push({ id: 'vip', label: 'VIP', href: context.vipInfoUrl, external: true });
  }
  return items;
}

const FOOTER_RULES: Rule[] = [
  { id: 'lobby', label: '大厅', href: '/', show: always },
  { id: 'announcement', label: '平台公告', href: '/announcement', show: always },
  { id: 'campaign', label: '优惠活动', href: '/campaign', route: '/campaign/{-$tab}', show: always },
  { id: 'mail', label: '站内信', href: '/mail', route: '/mail/{-$tab}', show: nonTrial },
  { id: 'help', label: '帮助中心', href: '/help', show: always },
  { id: 'download', label: '下载App', href: '/download', show: always },
];

export function footerNavItems(context: NavContext): NavItem[] {
  return FOOTER_RULES.filter((rule) => visible(rule, context)).map((rule) => toItem(rule, context.visitor));
}
