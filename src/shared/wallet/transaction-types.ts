// The wallet transaction type codes of spec §3.5 as the player reads them: a Chinese label per code,
// and the groups the statement filters by. Every code belongs to exactly one group. What each code
// moves between which ledger accounts: docs/wallet/README.md.
import { WALLET_TRANSACTION_TYPES, type WalletTransactionType } from '../enums.ts';

export const TRANSACTION_TYPE_LABELS: Record<WalletTransactionType, string> = {
  DEP: '充值',
  WPEND: '提现冻结',
  WIT: '提现',
  WFAIL: '提现退回',
  BET: '投注',
  AB: '追号投注',
  WIN: '派奖',
  REF: '撤单退款',
  CO: '撤单返款',
  RES: '开奖更正',
  REB: '返点',
  COMM: '佣金',
  CMD: '佣金扣回',
  BON: '分红',
  CA: '活动礼金',
  REW: '奖励',
  PB: '红包',
  COMP: '补偿',
  JP: '奖池派奖',
  MB: '人工奖励',
  MI: '人工加款',
  MU: '人工上分',
  MD: '人工扣款',
  MDF: '人工扣款退回',
  TRIAL: '试玩体验金',
  TO: '转出至第三方',
  TI: '第三方转入',
  TOU: '转出待确认',
  TIU: '转入待确认',
  TOUF: '转出冲正',
  TOUFAIL: '转出失败退回',
  TIUFAIL: '转入失败',
  TT: '团队转账',
  DW: '日工资',
};

export const TRANSACTION_GROUPS = ['deposit', 'withdrawal', 'bet', 'prize', 'rebate', 'bonus', 'transfer', 'adjustment'] as const;
export type TransactionGroup = (typeof TRANSACTION_GROUPS)[number];

export const TRANSACTION_GROUP_LABELS: Record<TransactionGroup, string> = {
  deposit: '充值',
  withdrawal: '提现',
  bet: '投注',
  prize: '派奖',
  rebate: '返点佣金',
  bonus: '优惠活动',
  transfer: '转账',
  adjustment: '人工调整',
};

export const TRANSACTION_GROUP_TYPES: Record<TransactionGroup, readonly WalletTransactionType[]> = {
  deposit: ['DEP'],
  withdrawal: ['WPEND', 'WIT', 'WFAIL'],
  bet: ['BET', 'AB', 'REF', 'CO'],
  prize: ['WIN', 'JP', 'RES'],
  rebate: ['REB', 'COMM', 'CMD'],
  bonus: ['BON', 'DW', 'CA', 'REW', 'PB', 'COMP', 'MB'],
  transfer: ['TT', 'TO', 'TI', 'TOU', 'TIU', 'TOUF', 'TOUFAIL', 'TIUFAIL'],
  adjustment: ['MI', 'MU', 'MD', 'MDF', 'TRIAL'],
};

const isType = (value: string): value is WalletTransactionType => (WALLET_TRANSACTION_TYPES as readonly string[]).includes(value);
const isGroup = (value: string): value is TransactionGroup => (TRANSACTION_GROUPS as readonly string[]).includes(value);

/** A statement filter: one type code (DEP) or a group (deposit). */
export type TransactionTypeFilter = WalletTransactionType | TransactionGroup;

export const isTransactionTypeFilter = (value: string): value is TransactionTypeFilter => isType(value) || isGroup(value);

/** The codes a filter stands for. */
export function typesOfFilter(filter: TransactionTypeFilter): readonly WalletTransactionType[] {
  return isGroup(filter) ? TRANSACTION_GROUP_TYPES[filter] : [filter];
}

/** The label of a stored code; a code this build does not know yet is shown as itself. */
export function transactionTypeLabel(type: string): string {
  return isType(type) ? TRANSACTION_TYPE_LABELS[type] : type;
}
