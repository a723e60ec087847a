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
  // Beyond the spec's list ("and others"): refunds of cancelled orders and trial demo funds.
  'REF', 'TRIAL',
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
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];
