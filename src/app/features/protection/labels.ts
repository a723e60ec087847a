import type { LimitKind, LimitPeriod } from '../../../shared/api/accounts.ts';

export const LIMIT_KIND_LABELS: Record<LimitKind, string> = { DEPOSIT: '充值限额', LOSS: '亏损限额' };
export const LIMIT_PERIOD_LABELS: Record<LimitPeriod, string> = { DAILY: '每日', WEEKLY: '每周', MONTHLY: '每月' };
