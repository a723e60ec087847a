// What other domains call: order placement and deposits check these before moving money.
export { assertMayBet, assertMayDeposit, type BetCheck, type DepositCheck } from './guards.ts';
export { DEPOSIT_PREFIXES, registerDepositGuard } from './deposit-guard.ts';
