import { describe, expect, it } from 'vitest';
import type { Capabilities } from '../../src/app/capabilities/capabilities.tsx';
import { bottomNavItems, footerNavItems } from '../../src/app/components/footer/nav-items.ts';
import { visibleFloatingItems } from '../../src/app/components/shell/floating-items.ts';
import { customerServiceVariant } from '../../src/app/components/footer/customer-service-variant.ts';
import type { VisitorKind } from '../../src/app/features/session/use-current-customer.ts';

const all: Capabilities = { route: () => true, feature: () => true };
const none: Capabilities = { route: () => false, feature: () => false };

const ids = (visitor: VisitorKind, capabilities = all, vipInfoUrl: string | null = null) =>
  bottomNavItems({ visitor, capabilities, vipInfoUrl }).map((item) => item.id);

describe('bottom navigation rules (spec §2.4)', () => {
  it('anonymous: lobby, 开奖, campaign, help, download; VIP only as the external link', () => {
    expect(ids('anonymous')).toEqual(['lobby', 'results', 'campaign', 'help', 'download']);
    const items = bottomNavItems({ visitor: 'anonymous', capabilities: all, vipInfoUrl: 'https://vip.example/info' });
    expect(items.at(-1)).toEqual({ id: 'vip', label: 'VIP', href: 'https://vip.example/info', external: true });
  });

  it('trial: the four money/personal entries but no mail, agent or VIP; money entries raise the trial alert', () => {
    expect(ids('trial')).toEqual(['lobby', 'results', 'deposit', 'transfer', 'withdrawal', 'personal', 'campaign', 'help', 'download']);
    const items = bottomNavItems({ visitor: 'trial', capabilities: all, vipInfoUrl: null });
    expect(items.filter((i) => i.trialRestricted).map((i) => i.trialRestricted)).toEqual(['充值', '转账', '提现']);
  });

  it('player: everything but the agent entry', () => {
    expect(ids('player')).toEqual(['lobby', 'results', 'deposit', 'transfer', 'withdrawal', 'personal', 'mail', 'campaign', 'help', 'download', 'vip']);
  });

  it('agent: adds the agent centre entry', () => {
    expect(ids('agent')).toEqual(['lobby', 'results', 'deposit', 'transfer', 'withdrawal', 'personal', 'agent', 'mail', 'campaign', 'help', 'download', 'vip']);
  });

  it('hides entries whose page does not exist yet', () => {
    expect(ids('agent', none)).toEqual(['lobby', 'help', 'download']);
  });

  it('footer: lobby, announcements, help and download always; campaign and mail when built and allowed', () => {
    expect(footerNavItems({ visitor: 'anonymous', capabilities: none, vipInfoUrl: null }).map((i) => i.id)).toEqual([
      'lobby',
      'announcement',
      'help',
      'download',
    ]);
    expect(footerNavItems({ visitor: 'player', capabilities: all, vipInfoUrl: null }).map((i) => i.id)).toEqual([
      'lobby',
      'announcement',
      'campaign',
      'mail',
      'help',
      'download',
    ]);
    expect(footerNavItems({ visitor: 'trial', capabilities: all, vipInfoUrl: null }).map((i) => i.id)).not.toContain('mail');
  });
});

describe('customer service variant (spec §2.4, §4)', () => {
  const config = { customerService: { qq: '12345678', qqRegistrationId: 'qq-reg' }, vipInfoUrl: null };
  it('uses the QQ variant for the special registration id, not for trial players', () => {
    expect(customerServiceVariant(config, 'qq-reg', false, true)).toBe('qq');
    expect(customerServiceVariant(config, 'qq-reg', true, true)).toBe('window');
    expect(customerServiceVariant(config, 'other', false, true)).toBe('window');
  });
  it('shows nothing when neither variant is available', () => {
    expect(customerServiceVariant(config, 'other', false, false)).toBeNull();
    expect(customerServiceVariant(undefined, null, false, false)).toBeNull();
  });
});

describe('floating items (spec §2.4)', () => {
  const context = { visitor: 'player' as VisitorKind, production: true, unclaimedRedPackets: 0, qqReferral: false };
  const registered = {
    weeklyRanking: 1,
    sportsStream: 1,
    aiChat: 1,
    customerChat: 1,
    qqContact: 1,
    redPacket: 1,
    jackpotPool: 1,
    superJackpotWinner: 1,
  };

  it('shows nothing until a feature registers its item', () => {
    expect(visibleFloatingItems(context, {})).toEqual([]);
  });

  it('applies each item’s rule', () => {
    expect(visibleFloatingItems(context, registered)).toEqual(['weeklyRanking', 'sportsStream', 'aiChat', 'customerChat', 'jackpotPool']);
    expect(visibleFloatingItems({ ...context, visitor: 'anonymous' }, registered)).toEqual(['weeklyRanking', 'sportsStream', 'jackpotPool']);
    expect(visibleFloatingItems({ ...context, unclaimedRedPackets: 2, qqReferral: true, production: false }, registered)).toEqual(
      Object.keys(registered),
    );
  });
});

describe('bottom navigation money entries (issue 17)', () => {
  const built = (paths: string[]): Capabilities => ({ route: (path) => paths.includes(path), feature: () => true });
  const wallet = built(['/wallet/deposit', '/wallet/withdrawal/{-$tab}', '/account/center']);

  it('shows 充值, 提现 and 个人 once their pages exist; 转账 waits for /wallet/third-party (issue 20)', () => {
    expect(bottomNavItems({ visitor: 'player', capabilities: wallet, vipInfoUrl: null }).map((i) => [i.id, i.href])).toEqual([
      ['lobby', '/'],
      ['deposit', '/wallet/deposit'],
      ['withdrawal', '/wallet/withdrawal'],
      ['personal', '/account/center'],
      ['help', '/help'],
      ['download', '/download'],
    ]);
    expect(ids('anonymous', wallet)).toEqual(['lobby', 'help', 'download']);
  });

  it('gives trial accounts the trial alert for 充值 and 提现, and the personal centre itself', () => {
    const items = bottomNavItems({ visitor: 'trial', capabilities: wallet, vipInfoUrl: null });
    expect(items.map((i) => [i.id, i.trialRestricted ?? null])).toEqual([
      ['lobby', null],
      ['deposit', '充值'],
      ['withdrawal', '提现'],
      ['personal', null],
      ['help', null],
      ['download', null],
    ]);
  });
});
