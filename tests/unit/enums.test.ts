import { describe, expect, it } from 'vitest';
import {
  BANK_CODES,
  BANKS,
  CAMPAIGN_CLAIM_SUBTYPES,
  CAMPAIGN_DISPLAY_TABS,
  CAMPAIGN_TAB_OF_SUBTYPE,
  DEPOSIT_METHOD_CODES,
  DEPOSIT_METHODS,
  USDT_PROTOCOLS,
} from '../../src/shared/enums.ts';

const CHINESE = /\p{Script=Han}/u;
const unique = (values: readonly string[]) => new Set(values).size === values.length;

describe('spec §3.5 enumerations given only in outline', () => {
  it('bank codes: 72 (about 70), each with a Chinese and an English name, all unique', () => {
    expect(BANKS).toHaveLength(72);
    expect(BANK_CODES).toEqual(BANKS.map((b) => b.code));
    expect(unique(BANKS.map((b) => b.code))).toBe(true);
    expect(unique(BANKS.map((b) => b.name))).toBe(true);
    expect(unique(BANKS.map((b) => b.englishName))).toBe(true);
    for (const bank of BANKS) {
      expect(bank.code, bank.code).toMatch(/^[A-Z]{2,8}$/);
      expect(bank.name, bank.code).toMatch(CHINESE);
      expect(bank.englishName, bank.code).toMatch(/^[A-Za-z][A-Za-z .'()-]+$/);
    }
    // The big state banks are there under their usual codes.
    expect(BANK_CODES).toEqual(expect.arrayContaining(['ICBC', 'ABC', 'BOC', 'CCB', 'BOCOM', 'PSBC', 'CMB']));
  });

  it('deposit methods: 38 (about 38), every kind the spec names, Chinese names, all unique', () => {
    expect(DEPOSIT_METHODS).toHaveLength(38);
    expect(DEPOSIT_METHOD_CODES).toEqual(DEPOSIT_METHODS.map((m) => m.code));
    expect(unique(DEPOSIT_METHODS.map((m) => m.code))).toBe(true);
    expect(unique(DEPOSIT_METHODS.map((m) => m.name))).toBe(true);
    for (const method of DEPOSIT_METHODS) expect(method.name, method.code).toMatch(/\p{Script=Han}|USDT/u);
    const kinds = { unionPay: /^UNIONPAY_/, alipay: /^ALIPAY_/, wechat: /^WECHAT_/, qq: /^QQ_/, cardToCard: /^CARD_TO_CARD$/, pointCard: /^POINT_CARD$/, digitalRmb: /^DIGITAL_RMB/, manual: /^MANUAL_/ };
    for (const [kind, pattern] of Object.entries(kinds)) {
      expect(DEPOSIT_METHOD_CODES.some((code) => pattern.test(code)), kind).toBe(true);
    }
    expect(DEPOSIT_METHOD_CODES.filter((code) => code.startsWith('UNIONPAY_')).length).toBeGreaterThan(1);
    // One USDT method per protocol of §3.5.
    for (const protocol of USDT_PROTOCOLS) expect(DEPOSIT_METHOD_CODES).toContain(protocol);
  });

  it('campaign display tabs: 全部 first, unique, and every claim subtype belongs to one of them', () => {
    expect(CAMPAIGN_DISPLAY_TABS.map((t) => t.code)).toEqual([
      'ALL', 'NEW_MEMBER', 'DEPOSIT', 'BET', 'COMPENSATION', 'RED_PACKET', 'MISSION', 'FESTIVAL', 'OTHER',
    ]);
    expect(CAMPAIGN_DISPLAY_TABS[0]).toEqual({ code: 'ALL', name: '全部' });
    expect(unique(CAMPAIGN_DISPLAY_TABS.map((t) => t.name))).toBe(true);
    for (const tab of CAMPAIGN_DISPLAY_TABS) expect(tab.name).toMatch(CHINESE);
    expect(Object.keys(CAMPAIGN_TAB_OF_SUBTYPE).sort()).toEqual([...CAMPAIGN_CLAIM_SUBTYPES].sort());
    const tabs = new Set<string>(CAMPAIGN_DISPLAY_TABS.map((t) => t.code));
    for (const tab of Object.values(CAMPAIGN_TAB_OF_SUBTYPE)) expect(tabs.has(tab)).toBe(true);
  });
});
