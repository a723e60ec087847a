// Enumerations of spec §3.5, shared by the PWA and the server.

export const CUSTOMER_TYPES = ['PRIMARY_AGENT', 'AGENT', 'PLAYER'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const VIP_LEVELS = ['NOT_VIP', 'VIP_1', 'VIP_2'] as const;
export type VipLevel = (typeof VIP_LEVELS)[number];

export const GAME_CATALOGUES = [
  'LOTTERY',
  'LIVE_BETTING',
  'SLOT_MACHINE',
  'SPORTS_BETTING',
  'FISHING_JOY',
  'CARD_GAME',
  'DICE',
] as const;
export type GameCatalogue = (typeof GAME_CATALOGUES)[number];

export const THIRD_PARTY_PROVIDERS = [
  'AG', 'BBIN', 'CQ9', 'IBC', 'JDB', 'KY', 'LC', 'LEG', 'MG', 'PT', 'IM', 'PG', 'PP', 'WALI', 'XM', 'AVIA',
] as const;
export type ThirdPartyProvider = (typeof THIRD_PARTY_PROVIDERS)[number];
/** AVIA has a logo but is never an active provider (spec §3.5). */
export const INACTIVE_PROVIDERS: readonly ThirdPartyProvider[] = ['AVIA'];

export const PROVIDERS_BY_CATALOGUE = {
  CARD_GAME: ['WALI', 'KY', 'LEG', 'LC'],
  LIVE_BETTING: ['AG', 'PT', 'BBIN'],
  SLOT_MACHINE: ['PP', 'PG', 'CQ9', 'PT', 'AG', 'MG', 'BBIN'],
  FISHING_JOY: ['AG', 'PT', 'BBIN', 'CQ9', 'JDB'],
  SPORTS_BETTING: ['IBC', 'BBIN', 'IM', 'XM'],
} as const satisfies Partial<Record<GameCatalogue, readonly ThirdPartyProvider[]>>;

export const PLAY_MODES = ['REGULAR', 'BOARD'] as const;
export type PlayMode = (typeof PLAY_MODES)[number];

export const LOTTERY_CATEGORIES = [
  'SSC', 'TAKE_5_OF_11', 'THREE_D', 'PK10', 'QUICK_3', 'PC_EGG', 'MARK6', 'KENO', 'SSQ', 'DLT',
] as const;
export type LotteryCategory = (typeof LOTTERY_CATEGORIES)[number];

export const WALLET_TRANSACTION_TYPES = [
  'WIN', 'CO', 'DEP', 'MI', 'TI', 'REB', 'COMM', 'PB', 'BON', 'CA', 'REW', 'TIU', 'COMP', 'JP', 'BET', 'AB',
  'WIT', 'MD', 'TO', 'MB', 'TOU', 'WPEND', 'TOUF', 'MDF', 'WFAIL', 'TOUFAIL', 'TIUFAIL', 'CMD', 'MU',
  // Beyond the spec's list ("and others"): refunds of cancelled orders, trial demo funds, and the
  // re-settlement of an order after a corrected official result; an agent's transfer to a direct
  // member (团队转账) and the 日工资 bonus contract (issue 19).
  'REF', 'TRIAL', 'RES', 'TT', 'DW',
] as const;
export type WalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];

export const THIRD_PARTY_TRANSACTION_TYPES = ['WIN', 'TITP', 'CO', 'BET', 'TOTP'] as const;
export type ThirdPartyTransactionType = (typeof THIRD_PARTY_TRANSACTION_TYPES)[number];

export const ORDER_STATUSES = [
  'PENDING', 'WON', 'LOST', 'CUSTOMER_CANCELED', 'SYSTEM_CANCELED', 'STOP', 'ONGOING', 'FINISHED', 'USER_CANCELED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const AUTOBET_ENTRY_STATUSES = ['BET', 'PENDING', 'CANCEL', 'STOP'] as const;
export type AutobetEntryStatus = (typeof AUTOBET_ENTRY_STATUSES)[number];

export const BONUS_STATUSES = ['PAID', 'REJECTED', 'WAITING_FOR_APPROVAL', 'NOT_ACHIEVED'] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];
export const BONUS_FREQUENCIES = ['MONTHLY', 'SEMI_MONTHLY', 'DAILY'] as const;
export type BonusFrequency = (typeof BONUS_FREQUENCIES)[number];

export const MAIL_ROLES = ['PLATFORM', 'PARENT', 'MEMBER'] as const;
export type MailRole = (typeof MAIL_ROLES)[number];
export const MAIL_RECIPIENT_GROUPS = ['ALL_DIRECT_MEMBERS', 'PLATFORM', 'DIRECT_PARENT'] as const;
export type MailRecipientGroup = (typeof MAIL_RECIPIENT_GROUPS)[number];

export const CASH_DENOMINATIONS = ['HUNDRED', 'TEN', 'DOLLAR', 'DIME', 'CENT'] as const;
export type CashDenomination = (typeof CASH_DENOMINATIONS)[number];

export const REGISTRATION_CONTACT_TYPES = ['QQ', 'WECHAT'] as const;
export type RegistrationContactType = (typeof REGISTRATION_CONTACT_TYPES)[number];

export const LINK_RETENTION_PERIODS = ['ONE_DAY', 'SEVEN_DAY', 'FIFTEEN_DAY', 'PERMANENT'] as const;
export type LinkRetentionPeriod = (typeof LINK_RETENTION_PERIODS)[number];

export const BULK_CHAT_RECIPIENTS = ['ALL', 'ALL_DIRECT_MEMBER', 'ALL_INDIRECT_MEMBER'] as const;
export type BulkChatRecipient = (typeof BULK_CHAT_RECIPIENTS)[number];

export const CAMPAIGN_CLAIM_SUBTYPES = [
  'REGISTER', 'FIRST_DEPOSIT', 'DEPOSIT_AGAIN', 'RANGED_DEPOSIT', 'DAILY_DEPOSIT', 'WEEKLY_DEPOSIT', 'EVERY_DEPOSIT',
  'DAILY_BET', 'WEEKLY_BET', 'MONTHLY_BET', 'LIMITED_BET', 'FIRST_LOSS_COMPENSATION', 'RED_PACKET', 'LOGIN',
  'MISSION', 'MANUAL', 'PROMOTION',
] as const;
export type CampaignClaimSubtype = (typeof CAMPAIGN_CLAIM_SUBTYPES)[number];
export const FESTIVALS = ['LUNAR_NEW_YEAR', 'DRAGON_BOAT', 'MID_AUTUMN'] as const;
export type Festival = (typeof FESTIVALS)[number];
export const CLAIM_STATES = ['CLAIMABLE', 'CLAIMED', 'PENDING', 'NOT_CLAIMABLE'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];
export const CAMPAIGN_TAGS = ['HOT', 'NEW', 'NONE'] as const;
export type CampaignTag = (typeof CAMPAIGN_TAGS)[number];

export const USDT_PROTOCOLS = ['USDT_ERC20', 'USDT_TRC20'] as const;
export type UsdtProtocol = (typeof USDT_PROTOCOLS)[number];

export const PAYMENT_STATUSES = [
  'PENDING', 'SUCCESS', 'FAILED', 'WAITING_FOR_AUDIT', 'AUDITING', 'AUTO_AUDIT_FAILED', 'AUDIT_NOT_PASSED',
  'SUBMITTED', 'CANCELLED', 'CANCELED', 'PARTIAL_SUCCESS',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const SUPPORT_MODES = ['CUSTOMER_SERVICE', 'SELF_SERVE'] as const;
export type SupportMode = (typeof SUPPORT_MODES)[number];

/** Live events of spec §4, multiplexed over `/sse/events`. */
export const LIVE_EVENT_TYPES = [
  'orderSettledPopup', 'balance', 'unreadMailCount', 'unreadMessageCount', 'textPopup', 'chatMessage',
  'customerUpdatedMessage', 'totalJackpotPoolPrize', 'jackpotDistribution', 'drawResult',
  // Beyond the spec's list: a deposit or withdrawal of this customer changed status ({ kind, id, status }).
  'paymentStatus',
  // Beyond the spec's list (issue 22): refetch signals and the super-winner popup.
  'superJackpotWon', 'redPacketsChanged', 'campaignsChanged', 'vipLevelChanged',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

// Spec §3.5 names the next three lists without giving them in full ("about 70" bank codes with a
// Chinese and an English name, "about 38" deposit methods in the kinds it lists, campaign display
// tabs): they are completed here and recorded in docs/pwa.md (enumerations).

/** Bank codes (spec §3.5: about 70, each with a Chinese and an English name). */
export const BANKS = [
  { code: 'ICBC', name: '中国工商银行', englishName: 'Industrial and Commercial Bank of China' },
  { code: 'ABC', name: '中国农业银行', englishName: 'Agricultural Bank of China' },
  { code: 'BOC', name: '中国银行', englishName: 'Bank of China' },
  { code: 'CCB', name: '中国建设银行', englishName: 'China Construction Bank' },
  { code: 'BOCOM', name: '交通银行', englishName: 'Bank of Communications' },
  { code: 'PSBC', name: '中国邮政储蓄银行', englishName: 'Postal Savings Bank of China' },
  { code: 'CMB', name: '招商银行', englishName: 'China Merchants Bank' },
  { code: 'CITIC', name: '中信银行', englishName: 'China CITIC Bank' },
  { code: 'CEB', name: '中国光大银行', englishName: 'China Everbright Bank' },
  { code: 'HXB', name: '华夏银行', englishName: 'Hua Xia Bank' },
  { code: 'CMBC', name: '中国民生银行', englishName: 'China Minsheng Banking Corp.' },
  { code: 'CGB', name: '广发银行', englishName: 'China Guangfa Bank' },
  { code: 'PAB', name: '平安银行', englishName: 'Ping An Bank' },
  { code: 'CIB', name: '兴业银行', englishName: 'Industrial Bank' },
  { code: 'SPDB', name: '上海浦东发展银行', englishName: 'Shanghai Pudong Development Bank' },
  { code: 'CZB', name: '浙商银行', englishName: 'China Zheshang Bank' },
  { code: 'CBHB', name: '渤海银行', englishName: 'China Bohai Bank' },
  { code: 'EGB', name: '恒丰银行', englishName: 'Evergrowing Bank' },
  { code: 'BOB', name: '北京银行', englishName: 'Bank of Beijing' },
  { code: 'BOS', name: '上海银行', englishName: 'Bank of Shanghai' },
  { code: 'BJRCB', name: '北京农商银行', englishName: 'Beijing Rural Commercial Bank' },
  { code: 'SRCB', name: '上海农商银行', englishName: 'Shanghai Rural Commercial Bank' },
  { code: 'NJCB', name: '南京银行', englishName: 'Bank of Nanjing' },
  { code: 'NBCB', name: '宁波银行', englishName: 'Bank of Ningbo' },
  { code: 'HZB', name: '杭州银行', englishName: 'Bank of Hangzhou' },
  { code: 'JSB', name: '江苏银行', englishName: 'Bank of Jiangsu' },
  { code: 'BOTJ', name: '天津银行', englishName: 'Bank of Tianjin' },
  { code: 'HSB', name: '徽商银行', englishName: 'Huishang Bank' },
  { code: 'CQCB', name: '重庆银行', englishName: 'Bank of Chongqing' },
  { code: 'CQRCB', name: '重庆农村商业银行', englishName: 'Chongqing Rural Commercial Bank' },
  { code: 'CDCB', name: '成都银行', englishName: 'Bank of Chengdu' },
  { code: 'GZCB', name: '广州银行', englishName: 'Bank of Guangzhou' },
  { code: 'GRCB', name: '广州农村商业银行', englishName: 'Guangzhou Rural Commercial Bank' },
  { code: 'DGB', name: '东莞银行', englishName: 'Bank of Dongguan' },
  { code: 'XMB', name: '厦门银行', englishName: 'Xiamen Bank' },
  { code: 'FJHXB', name: '福建海峡银行', englishName: 'Fujian Haixia Bank' },
  { code: 'QDCCB', name: '青岛银行', englishName: 'Bank of Qingdao' },
  { code: 'QLB', name: '齐鲁银行', englishName: 'Qilu Bank' },
  { code: 'BOJZ', name: '锦州银行', englishName: 'Bank of Jinzhou' },
  { code: 'HRBB', name: '哈尔滨银行', englishName: 'Harbin Bank' },
  { code: 'SJB', name: '盛京银行', englishName: 'Shengjing Bank' },
  { code: 'DLB', name: '大连银行', englishName: 'Bank of Dalian' },
  { code: 'ZZB', name: '郑州银行', englishName: 'Bank of Zhengzhou' },
  { code: 'ZYB', name: '中原银行', englishName: 'Zhongyuan Bank' },
  { code: 'HKB', name: '汉口银行', englishName: 'Hankou Bank' },
  { code: 'CSCB', name: '长沙银行', englishName: 'Bank of Changsha' },
  { code: 'GYCB', name: '贵阳银行', englishName: 'Bank of Guiyang' },
  { code: 'FDB', name: '富滇银行', englishName: 'Fudian Bank' },
  { code: 'BGB', name: '广西北部湾银行', englishName: 'Guangxi Beibu Gulf Bank' },
  { code: 'BOHN', name: '海南银行', englishName: 'Bank of Hainan' },
  { code: 'LZB', name: '兰州银行', englishName: 'Bank of Lanzhou' },
  { code: 'XAB', name: '西安银行', englishName: "Bank of Xi'an" },
  { code: 'NXB', name: '宁夏银行', englishName: 'Bank of Ningxia' },
  { code: 'QHB', name: '青海银行', englishName: 'Bank of Qinghai' },
  { code: 'URMQCCB', name: '乌鲁木齐银行', englishName: 'Bank of Urumqi' },
  { code: 'BOIMC', name: '内蒙古银行', englishName: 'Bank of Inner Mongolia' },
  { code: 'BOHB', name: '河北银行', englishName: 'Bank of Hebei' },
  { code: 'JSHB', name: '晋商银行', englishName: 'Jinshang Bank' },
  { code: 'JXB', name: '江西银行', englishName: 'Jiangxi Bank' },
  { code: 'WZCB', name: '温州银行', englishName: 'Bank of Wenzhou' },
  { code: 'TZB', name: '台州银行', englishName: 'Bank of Taizhou' },
  { code: 'ZJTLCB', name: '浙江泰隆商业银行', englishName: 'Zhejiang Tailong Commercial Bank' },
  { code: 'MTBANK', name: '浙江民泰商业银行', englishName: 'Zhejiang Mintai Commercial Bank' },
  { code: 'SZRCB', name: '深圳农村商业银行', englishName: 'Shenzhen Rural Commercial Bank' },
  { code: 'SDEB', name: '顺德农商银行', englishName: 'Shunde Rural Commercial Bank' },
  { code: 'WEBANK', name: '微众银行', englishName: 'WeBank' },
  { code: 'MYBANK', name: '网商银行', englishName: 'MYbank' },
  { code: 'HSBC', name: '汇丰银行（中国）', englishName: 'HSBC Bank (China)' },
  { code: 'SCB', name: '渣打银行（中国）', englishName: 'Standard Chartered Bank (China)' },
  { code: 'CITI', name: '花旗银行（中国）', englishName: 'Citibank (China)' },
  { code: 'BEA', name: '东亚银行（中国）', englishName: 'The Bank of East Asia (China)' },
  { code: 'RCC', name: '农村信用合作社', englishName: 'Rural Credit Cooperatives' },
] as const satisfies readonly { code: string; name: string; englishName: string }[];
export type BankCode = (typeof BANKS)[number]['code'];
export const BANK_CODES: readonly BankCode[] = BANKS.map((bank) => bank.code);

/**
 * Deposit methods (spec §3.5: about 38 — union pay variants, alipay, wechat, QQ, card-to-card, USDT,
 * point card, digital RMB, manual offline ones and others), with the name a player sees.
 */
export const DEPOSIT_METHODS = [
  { code: 'UNIONPAY_ONLINE', name: '网银支付' },
  { code: 'UNIONPAY_QUICK', name: '银联快捷' },
  { code: 'UNIONPAY_SCAN', name: '银联扫码' },
  { code: 'UNIONPAY_WAP', name: '银联H5' },
  { code: 'UNIONPAY_CLOUD', name: '云闪付' },
  { code: 'ALIPAY_SCAN', name: '支付宝扫码' },
  { code: 'ALIPAY_WAP', name: '支付宝H5' },
  { code: 'ALIPAY_TRANSFER', name: '支付宝转账' },
  { code: 'ALIPAY_TO_CARD', name: '支付宝转卡' },
  { code: 'ALIPAY_RED_PACKET', name: '支付宝口令红包' },
  { code: 'WECHAT_SCAN', name: '微信扫码' },
  { code: 'WECHAT_WAP', name: '微信H5' },
  { code: 'WECHAT_TRANSFER', name: '微信转账' },
  { code: 'WECHAT_TO_CARD', name: '微信转卡' },
  { code: 'WECHAT_LIFE_PAYMENT', name: '微信生活缴费' },
  { code: 'QQ_SCAN', name: 'QQ钱包扫码' },
  { code: 'QQ_WAP', name: 'QQ钱包H5' },
  { code: 'JD_PAY', name: '京东支付' },
  { code: 'JD_E_CARD', name: '京东E卡' },
  { code: 'HEBAO', name: '和包支付' },
  { code: 'TIKTOK_PAY', name: '抖音支付' },
  { code: 'TOPAY', name: 'ToPay钱包' },
  { code: 'CARD_TO_CARD', name: '卡转卡' },
  { code: 'MOBILE_BANKING', name: '手机银行转账' },
  { code: 'USDT_ERC20', name: 'USDT（ERC20）' },
  { code: 'USDT_TRC20', name: 'USDT（TRC20）' },
  { code: 'POINT_CARD', name: '点卡充值' },
  { code: 'PHONE_CARD', name: '话费卡充值' },
  { code: 'DIGITAL_RMB', name: '数字人民币' },
  { code: 'DIGITAL_RMB_SCAN', name: '数字人民币扫码' },
  { code: 'MANUAL_BANK_TRANSFER', name: '人工银行转账' },
  { code: 'MANUAL_ALIPAY', name: '人工支付宝' },
  { code: 'MANUAL_WECHAT', name: '人工微信' },
  { code: 'MANUAL_USDT', name: '人工USDT' },
  { code: 'MANUAL_DIGITAL_RMB', name: '人工数字人民币' },
  { code: 'MANUAL_ATM', name: 'ATM存款' },
  { code: 'MANUAL_COUNTER', name: '银行柜台存款' },
  { code: 'MANUAL_OTHER', name: '其他人工存款' },
] as const satisfies readonly { code: string; name: string }[];
export type DepositMethod = (typeof DEPOSIT_METHODS)[number]['code'];
export const DEPOSIT_METHOD_CODES: readonly DepositMethod[] = DEPOSIT_METHODS.map((method) => method.code);

/**
 * Campaign display tabs (spec §2.1 `/campaign/{tab}`, "a campaign category"; §3.5 lists the claim
 * subtypes they group). `ALL` is the default tab.
 */
export const CAMPAIGN_DISPLAY_TABS = [
  { code: 'ALL', name: '全部' },
  { code: 'NEW_MEMBER', name: '新人专享' },
  { code: 'DEPOSIT', name: '充值优惠' },
  { code: 'BET', name: '投注返利' },
  { code: 'COMPENSATION', name: '亏损救援' },
  { code: 'RED_PACKET', name: '红包活动' },
  { code: 'MISSION', name: '任务活动' },
  { code: 'FESTIVAL', name: '节日活动' },
  { code: 'OTHER', name: '其他活动' },
] as const satisfies readonly { code: string; name: string }[];
export type CampaignDisplayTab = (typeof CAMPAIGN_DISPLAY_TABS)[number]['code'];

/** Which display tab a campaign of each claim subtype appears under (besides 全部). */
export const CAMPAIGN_TAB_OF_SUBTYPE: Record<CampaignClaimSubtype, Exclude<CampaignDisplayTab, 'ALL' | 'FESTIVAL'>> = {
  REGISTER: 'NEW_MEMBER',
  LOGIN: 'NEW_MEMBER',
  FIRST_DEPOSIT: 'DEPOSIT',
  DEPOSIT_AGAIN: 'DEPOSIT',
  RANGED_DEPOSIT: 'DEPOSIT',
  DAILY_DEPOSIT: 'DEPOSIT',
  WEEKLY_DEPOSIT: 'DEPOSIT',
  EVERY_DEPOSIT: 'DEPOSIT',
  DAILY_BET: 'BET',
  WEEKLY_BET: 'BET',
  MONTHLY_BET: 'BET',
  LIMITED_BET: 'BET',
  FIRST_LOSS_COMPENSATION: 'COMPENSATION',
  RED_PACKET: 'RED_PACKET',
  MISSION: 'MISSION',
  MANUAL: 'OTHER',
  PROMOTION: 'OTHER',
};
