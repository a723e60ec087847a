import type { ThirdPartyTransactionType } from '../../../../shared/enums.ts';

/** Spec §3.5 third-party transaction types, as the player reads them. */
export const THIRD_PARTY_TYPE_LABELS: Record<ThirdPartyTransactionType, string> = {
  TITP: '转入游戏',
  TOTP: '转回主钱包',
  BET: '投注',
  WIN: '派奖',
  CO: '撤单返款',
};
