// The engine as the server's authority: every bet of an order is validated and priced by the same
// shared code that shows the bet slip, and settled by it.
import type { BoardBetInput, RegularBetInput } from '../../shared/api/orders.ts';
import type { DrawTypeInfo } from '../../shared/catalogue/draw-types.ts';
import {
  compileBet,
  CoverageBudget,
  getMethod,
  LotteryError,
  methodIds,
  methodLimits,
  payout as regularPayout,
  prepareResult,
  quoteOrder,
  type PreparedResult,
  type Selection,
} from '../../shared/lottery/index.ts';
import { boardEngine, type BoardEngine } from '../../shared/lottery/board/index.ts';
import { drawTypeConfig } from '../../shared/lottery/regular/limits.ts';
import type { BetMode, Money } from '../../shared/money.ts';
import { yuan } from '../../shared/money.ts';
import { errors } from '../http/errors.ts';
import { currentBoardSettings, maxBetsPerOrderOf, type BoardSettingsVersion } from '../games/settings.ts';

export interface PricedBet {
  code: string;
  name: string;
  selection: unknown;
  mode: BetMode | null;
  multiplier: number | null;
  prizeGroup: number | null;
  betCount: number;
  stake: Money;
  /** Regular bets below the player's prize group: the rebate promised, credited at settlement. */
  rebate: Money;
}

export interface PricedOrder {
  bets: PricedBet[];
  betCount: number;
  totalStake: Money;
}

const boardEngines = new Map<string, BoardEngine>();

/**
 * The board of a draw type on a given Beijing date (六合彩 reads the 生肖 year from it), with the
 * operator's odds and 退水: the given version (settlement: the one in force when the bet was placed),
 * else the one in force now.
 */
export function boardFor(drawType: string, drawDate: string, version: BoardSettingsVersion | null = currentBoardSettings(drawType)): BoardEngine {
  const key = `${drawType}:${drawDate}:${version?.id ?? 0}`;
  let engine = boardEngines.get(key);
  if (!engine) {
    engine = boardEngine(drawType, version?.settings, drawDate);
    if (boardEngines.size > 512) boardEngines.clear();
    boardEngines.set(key, engine);
  }
  return engine;
}

function asValidation(error: unknown): never {
  if (error instanceof LotteryError) throw errors.validation(error.message);
  throw error;
}

export function priceRegular(info: DrawTypeInfo, bets: readonly RegularBetInput[], userPrizeGroup: number): PricedOrder {
  // The order's lines share one budget of coverage work: a request costs at most about 50 ms of CPU
  // for the coverage rule, however many 单式 lines it holds (docs/lottery/engine.md, "Cost").
  const coverageBudget = new CoverageBudget();
  const priced = bets.map((bet) => {
    try {
      const method = getMethod(info.code, bet.methodId);
      const limits = methodLimits(info.code, bet.methodId);
      if (bet.prizeGroup !== undefined && bet.prizeGroup > userPrizeGroup) {
        throw errors.validation(`奖金组不能高于您的奖金组 ${userPrizeGroup}`);
      }
      // Without a slider choice a bet is placed at the player's own group, within the method's range.
      const prizeGroup = limits.prizeGroup ? (bet.prizeGroup ?? Math.min(userPrizeGroup, limits.prizeGroup.max)) : undefined;
      const quote = quoteOrder(info.code, bet.methodId, {
        selection: bet.selection as Selection,
        mode: bet.mode as BetMode,
        multiplier: bet.multiplier,
        prizeGroup,
        userPrizeGroup,
        coverageBudget,
      });
      return {
        code: bet.methodId,
        name: method.name,
        selection: bet.selection,
        mode: bet.mode as BetMode,
        multiplier: bet.multiplier,
        prizeGroup: prizeGroup ?? null,
        betCount: quote.bets,
        stake: quote.stake,
        rebate: quote.rebate,
      };
    } catch (error) {
      return asValidation(error);
    }
  });
  const order = summarise(priced);
  const maxBets = maxBetsPerOrderOf(info.code);
  if (maxBets !== null && order.betCount > maxBets) throw errors.validation(`注数超过上限：${info.name}每单最多${maxBets}注`);
  return order;
}

export function priceBoard(info: DrawTypeInfo, bets: readonly BoardBetInput[], drawDate: string): PricedOrder {
  const board = boardFor(info.code, drawDate);
  const priced = bets.map((bet) => {
    try {
      const valid = board.validate({ betTypeId: bet.betTypeId, selection: bet.selection as never, stake: bet.stake });
      return {
        code: bet.betTypeId,
        name: valid.betTypeName,
        selection: valid.selection,
        mode: null,
        multiplier: null,
        prizeGroup: null,
        betCount: valid.combinations.length,
        stake: valid.totalStake,
        // Promised like a regular bet's: a board bet that only lost is then a plain loss at settlement.
        rebate: board.promisedRebate(valid),
      };
    } catch (error) {
      return asValidation(error);
    }
  });
  return summarise(priced);
}

function summarise(bets: PricedBet[]): PricedOrder {
  return {
    bets,
    betCount: bets.reduce((n, b) => n + b.betCount, 0),
    totalStake: bets.reduce((n, b) => n + b.stake, 0),
  };
}

// ── Settlement ───────────────────────────────────────────────────────────────────────────────

export interface StoredBet {
  code: string;
  selection: unknown;
  mode: string | null;
  multiplier: number | null;
  prizeGroup: number | null;
  /** Board bets: how many combinations `stake` covers (each one is staked stake / betCount). */
  betCount: number;
  /** The bet's whole stake, every combination together. */
  stake: Money;
  rebate: Money;
}

export interface BetSettlement {
  outcome: 'WIN' | 'LOSE' | 'PUSH';
  payout: Money;
  /** The part of `payout` that gives back the stake of pushed combinations: not a win, never capped. */
  refund: Money;
  rebate: Money;
  detail: unknown;
}

/** Settles bets of one draw type against one result; compiles the result once. */
export class Settler {
  private prepared: PreparedResult | null = null;

  constructor(
    private readonly drawType: string,
    private readonly playMode: 'REGULAR' | 'BOARD',
    private readonly result: readonly number[],
    private readonly issueNumber: string,
    private readonly drawDate: string,
    /** Board bets: the odds version in force when the orders were placed (null: the defaults). */
    private readonly boardSettings: BoardSettingsVersion | null = null,
  ) {}

  settle(bet: StoredBet): BetSettlement {
    return this.playMode === 'REGULAR' ? this.settleRegular(bet) : this.settleBoard(bet);
  }

  private settleRegular(bet: StoredBet): BetSettlement {
    this.prepared ??= prepareResult(this.drawType, this.result);
    const winners = compileBet(this.drawType, bet.code, bet.selection as Selection).evaluate(this.prepared);
    const paid = regularPayout(this.drawType, bet.code, winners, {
      prizeGroup: bet.prizeGroup ?? undefined,
      mode: bet.mode as BetMode,
      multiplier: bet.multiplier!,
      context: { issue: this.issueNumber },
    });
    return {
      outcome: paid.amount > 0 ? 'WIN' : 'LOSE',
      payout: paid.amount,
      refund: 0,
      rebate: bet.rebate,
      detail: { winners, capped: paid.capped },
    };
  }

  private settleBoard(bet: StoredBet): BetSettlement {
    // A multi-pick bet (三全中 on 4 numbers …) stores its whole stake; the engine stakes each
    // combination, so it is given the stake of one.
    const perCombination = bet.stake / bet.betCount;
    if (!Number.isSafeInteger(perCombination)) throw new Error(`board bet stake ${bet.stake} does not split into ${bet.betCount} combinations`);
    const settled = boardFor(this.drawType, this.drawDate, this.boardSettings).evaluate(
      { betTypeId: bet.code, selection: bet.selection as never, stake: perCombination },
      this.result,
    );
    return { outcome: settled.outcome, payout: settled.payout, refund: settled.refund, rebate: settled.rebate, detail: settled.combinations };
  }
}

/**
 * The payout caps of a draw type, the same for every method and for board bets: the operator's
 * setting (configureDrawType), else the engine's default for the category. Draw types without
 * regular methods (六合彩, PC蛋蛋, 骰宝 …) take the operator's setting or the regular default.
 */
function payoutCaps(drawType: string): { perOrder: Money; perIssue: Money } {
  const [first] = methodIds(drawType);
  if (first) {
    const limits = methodLimits(drawType, first);
    return { perOrder: limits.maxPayoutPerOrder, perIssue: limits.maxPayoutPerIssue };
  }
  const config = drawTypeConfig(drawType);
  return { perOrder: config.maxPayoutPerOrder ?? DEFAULT_PAYOUT_CAP, perIssue: config.maxPayoutPerIssue ?? DEFAULT_PAYOUT_CAP };
}
const DEFAULT_PAYOUT_CAP = yuan(4_000_000);

/** The most one order can win, all its bets together (regular and board). */
export function orderPayoutCap(drawType: string): Money {
  return payoutCaps(drawType).perOrder;
}

/**
 * The most one player can win on one issue of a draw type; for instant draws, on one Beijing
 * calendar minute of that draw type (docs/betting.md#payout-caps).
 */
export function issuePayoutCap(drawType: string): Money {
  return payoutCaps(drawType).perIssue;
}
