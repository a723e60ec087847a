// The payment-tutorial routes of spec §2.1. Their text is operator-managed content (decisions §8);
// the tab lists and labels are the route contract, so the set of tutorial pages is fixed and the
// operator edits their text only.

export interface TutorialTab {
  tab: string;
  label: string;
}

export interface TutorialDefinition {
  title: string;
  /** Path prefix of the tab routes, e.g. `/usdt`. */
  basePath?: string;
  tabs?: readonly TutorialTab[];
}

export const TUTORIALS = {
  'alipay-hebao': { title: '支付宝和包教程' },
  usdt: {
    title: 'USDT 教程',
    basePath: '/usdt',
    tabs: [
      { tab: 'register', label: '注册' },
      { tab: 'to-usdt', label: '兑换 USDT' },
      { tab: 'withdrawal', label: '提现' },
      { tab: 'deposit', label: '充值' },
      { tab: 'to-rmb', label: '兑换人民币' },
    ],
  },
  'digital-rmb': {
    title: '数字人民币教程',
    basePath: '/digital-rmb',
    tabs: [
      { tab: 'deposit', label: '充值' },
      { tab: 'upgrade', label: '钱包升级' },
      { tab: 'withdrawal', label: '提现' },
    ],
  },
  'jd-e-card': { title: '京东E卡教程' },
  'tiktok-payment': { title: '抖音支付教程' },
  'wechat-life-payment': { title: '微信生活缴费教程' },
  'to-pay': {
    title: 'ToPay 钱包教程',
    basePath: '/to-pay',
    tabs: [
      { tab: 'install', label: '安装' },
      { tab: 'register', label: '注册' },
      { tab: 'buy', label: '购买' },
      { tab: 'withdrawal', label: '提现' },
      { tab: 'deposit', label: '充值' },
      { tab: 'sell', label: '出售' },
    ],
  },
} as const satisfies Record<string, TutorialDefinition>;

export type TutorialName = keyof typeof TUTORIALS;

/** The content key of a tutorial page: `usdt/register`, or the page name for pages without tabs. */
export function tutorialContentKey(name: TutorialName, tab?: string): string {
  return tab ? `${name}/${tab}` : name;
}

/** Every tutorial page: its content key and the label the back office lists it by. */
export function tutorialPages(): { key: string; label: string }[] {
  return Object.entries(TUTORIALS).flatMap(([name, definition]: [string, TutorialDefinition]) =>
    definition.tabs
      ? definition.tabs.map((tab) => ({ key: `${name}/${tab.tab}`, label: `${definition.title} · ${tab.label}` }))
      : [{ key: name, label: definition.title }],
  );
}

export function isTutorialKey(key: string): boolean {
  return tutorialPages().some((page) => page.key === key);
}

export function tutorialHasTab(name: TutorialName, tab: string): boolean {
  const definition: TutorialDefinition = TUTORIALS[name];
  return definition.tabs?.some((t) => t.tab === tab) ?? false;
}
