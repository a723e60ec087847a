/**
 * Lottery engine, regular mode (官方玩法) — the one implementation used by the PWA (live 注数 and
 * amount on the bet slip, 机选, rules pages), the server (validation and settlement) and the tests.
 * Board mode (信用玩法) lives in ./board. Full notes and decisions: docs/lottery/engine.md; every
 * method with its 注数 formula and prices: docs/lottery/regular-methods.md.
 *
 * Units: money is an integer of 0.0001 元 (src/shared/money.ts); computed amounts are floored.
 * Errors: invalid input throws `LotteryError` (./errors.ts) whose `message` is Chinese, fit to show.
 *
 * Method registry
 *   methodTree(drawType)                → groups → sub-groups → methods ([] without regular mode)
 *   methodIds(drawType)                 → every method id, in tree order
 *   getMethod(drawType, methodId)       → MethodDefinition: Chinese names, selection layout (rows with
 *                                         labels, ranges, min/max picks, quick picks 全大小奇偶清; 单式
 *                                         entry format; 任选 position checkboxes), prize levels with
 *                                         count/total, help (玩法说明, 示例), 注数 formula, result read
 *   quickPickValues(row, button)        → the values a quick-pick button selects in a row
 *   randomSelection(drawType, id, rng)  → 机选: a valid selection, usually one 注
 *
 * Bets
 *   count(drawType, id, selection)      → 注数 by formula; rejects malformed selections and orders over
 *                                         the method's maximum bet count
 *   parseTickets(drawType, id, text)    → 单式 text → { entries, invalid, duplicates }; the usual
 *                                         separators; duplicates by the ticket (直选) or its sorted
 *                                         form (组选, 任选)
 *   quoteOrder(drawType, id, line)      → { bets, stake, rebate } after every limit (bets, multiplier,
 *                                         prize group)
 *
 * Settlement
 *   evaluate(drawType, id, selection, result) → winning 注 per prize level (aligned with the
 *                                         method's `levels`); `result` = numbers drawn, in order
 *   prepareResult / compileBet / evaluateMany → the same, preparing a result and compiling a selection
 *                                         once when settling many bets. Limits are checked when
 *                                         betting, not at settlement: an accepted order always settles
 *
 * Prices and money
 *   prizeTable(drawType, id, G, context?) → prize per level of one 2-元 注 in 元 mode: 2·total/count·
 *                                         G/2000 (floored); 快乐8/双色球/大乐透 pay the official fixed table
 *                                         of the issue (context.issue), floating levels at the
 *                                         operator's configured amount
 *   prizeVersion(drawType, issue?)      → which official table applies to an issue
 *   officialPrizes(drawType, id)        → the state lottery's fixed prizes of the mirrored official play
 *                                         (福彩3D, 排列3/5, 快3, 11选5), shown for comparison
 *   stake(bets, mode, multiplier)       → 注数 × 2 元 × mode × 倍数
 *   payout(drawType, id, winners, opts) → { gross, amount, capped }: Σ winners × prize × 倍数 × mode,
 *                                         capped at the maximum payout per order
 *   rebate(stake, G_user, G_bet)        → (G_user − G_bet) / 2000 of the stake
 *
 * Limits (data, per draw type)
 *   methodLimits(drawType, id)          → prize-group range, max multiplier, max 注 per line (default:
 *                                         the 100,000 ceiling; the coverage rule, not the ticket space,
 *                                         keeps out orders that win on every draw), max payout per
 *                                         order and per issue
 *   configureDrawType(drawType, config) / resetDrawTypeConfig(drawType?) → operator overrides (limits,
 *                                         prize-table versions, floating prize amounts)
 *
 * Coverage rule: `count` (and `quoteOrder`) refuse with COVERS_ALL_OUTCOMES 「所选号码已覆盖全部开奖结果，
 * 请减少选号」 a selection that wins at least one 注 on every possible result, before the bet limit.
 * Its cost is bounded: a 快乐8/双色球/大乐透 单式 line holds at most MAX_SEARCHED_TICKETS tickets, each
 * line's search a fixed amount of work, and the lines of one order share a `CoverageBudget`
 * (`count(…, { coverageBudget })`, `quoteOrder(…, { …line, coverageBudget })`).
 *
 * Board mode (信用玩法) has its own entry, `./board/index.ts` (not re-exported here, so that the regular
 * game page never downloads the board engine; every name carries "board"; the parallels to regular mode
 * are given):
 *   boardCatalogue(drawType, settings?, drawDate?)   ~ methodTree + getMethod: tabs → bet types → items, odds
 *   validateBoardBet(drawType, bet, …)               ~ count / quoteOrder: checks a bet, returns combinations
 *                                                       and the total stake
 *   evaluateBoardBet(drawType, bet, result, …)       ~ evaluate + payout: WIN / LOSE / PUSH and amounts
 *   boardRtp(drawType, settings?, drawDate?)          exact RTP of every bet type
 *   validateBoardSettings(drawType, settings, …)     ~ configureDrawType's checks: operator odds/rebates must
 *                                                       keep every bet below 100 % RTP (rebate included)
 *   boardEngine(drawType, settings?, drawDate?)      ~ prepareResult/compileBet: a board resolved once
 */
export {
  compileBet,
  count,
  evaluate,
  evaluateMany,
  getMethod,
  methodIds,
  methodTree,
  parseTickets,
  prepareResult,
  quoteOrder,
  randomSelection,
  type CompiledBet,
  type CountOptions,
  type OrderLine,
  type OrderQuote,
  type PreparedResult,
} from './regular/engine.ts';
export { officialPrizes, payout, prizeTable, prizeVersion, rebate, stake, CLASSIC_PRIZE_GROUP, type PayoutOptions } from './regular/pricing.ts';
export {
  configureDrawType,
  methodLimits,
  resetDrawTypeConfig,
  DEFAULT_MAX_MULTIPLIER,
  FIXED_PRIZE_CATEGORIES,
  MAX_BETS_CEILING,
  type DrawTypeConfig,
  type MethodLimitOverrides,
} from './regular/limits.ts';
export {
  DLT_VERSIONS,
  KENO_CURRENT_TABLE,
  KENO_LAUNCH_TABLE,
  SSQ_VERSIONS,
  DEFAULT_FLOATING_PRIZES,
  OFFICIAL_REFERENCE_PRIZES,
  type FixedPrizeEntry,
  type FixedPrizeVersion,
} from './regular/fixed-prizes.ts';
export { quickPickValues, type Rng } from './regular/method-spec.ts';
export type * from './regular/types.ts';
export { LotteryError, type LotteryErrorCode } from './errors.ts';
export { COVERS_ALL_MESSAGE } from './regular/engine.ts';
export {
  CoverageBudget,
  MAX_SEARCHED_TICKETS,
  ORDER_TOO_COSTLY_MESSAGE,
  TOO_MANY_TICKETS_MESSAGE,
} from './regular/coverage-budget.ts';
export type { DrawResult } from './result.ts';
