// The sandbox provider's state, in memory and separate per provider code: players and their wallets,
// transfers by our reference, and the bet-record feed the platform pulls. Every operation runs to the
// end without awaiting, so on Node's one thread each is atomic (no lost update, no double transfer).
// A restart forgets everything (docs/providers/sandbox.md).
import type { ThirdPartyProvider } from '../../shared/enums.ts';
import type { Money } from '../../shared/money.ts';
import type { ProviderCatalogue } from '../../server/providers/adapter.ts';

export interface SandboxTransfer {
  reference: string;
  playerRef: string;
  direction: 'IN' | 'OUT';
  amount: Money;
  status: 'SUCCESS' | 'FAILED';
  failureReason: string | null;
  balanceAfter: Money;
  createdAt: Date;
}

export interface SandboxBetRecord {
  recordId: string;
  playerRef: string;
  catalogue: ProviderCatalogue;
  gameId: string;
  stake: Money;
  payout: Money;
  validStake: Money;
  placedAt: Date;
  settledAt: Date | null;
  status: 'SETTLED' | 'CANCELLED' | 'OPEN';
}

/** One entry of the feed: a record as it was when it was (re)published; seq orders the feed. */
export interface FeedEntry {
  seq: number;
  record: SandboxBetRecord;
}

class ProviderState {
  readonly balances = new Map<string, Money>();
  readonly transfers = new Map<string, SandboxTransfer>();
  readonly feed: FeedEntry[] = [];
  recordCount = 0;
}

export type TransferOutcome =
  | { kind: 'created'; transfer: SandboxTransfer }
  | { kind: 'existing'; transfer: SandboxTransfer }
  | { kind: 'mismatch'; transfer: SandboxTransfer }
  | { kind: 'no-player' };

export class ProviderStore {
  private readonly states = new Map<ThirdPartyProvider, ProviderState>();

  private state(provider: ThirdPartyProvider): ProviderState {
    let state = this.states.get(provider);
    if (!state) {
      state = new ProviderState();
      this.states.set(provider, state);
    }
    return state;
  }

  /** Creates the player with an empty wallet; true when it was new. */
  ensurePlayer(provider: ThirdPartyProvider, playerRef: string): boolean {
    const { balances } = this.state(provider);
    if (balances.has(playerRef)) return false;
    balances.set(playerRef, 0);
    return true;
  }

  balance(provider: ThirdPartyProvider, playerRef: string): Money | null {
    return this.state(provider).balances.get(playerRef) ?? null;
  }

  transferByReference(provider: ThirdPartyProvider, reference: string): SandboxTransfer | null {
    return this.state(provider).transfers.get(reference) ?? null;
  }

  /**
   * Makes a transfer once per reference. OUT above the balance fails (recorded, so asking again gives
   * the same answer); `forceFailure` records a failure without moving money (the time-out-that-fails fault).
   */
  transfer(
    provider: ThirdPartyProvider,
    input: { reference: string; playerRef: string; direction: 'IN' | 'OUT'; amount: Money },
    forceFailure: string | null,
  ): TransferOutcome {
    const state = this.state(provider);
    const existing = state.transfers.get(input.reference);
    if (existing) {
      const same = existing.playerRef === input.playerRef && existing.direction === input.direction && existing.amount === input.amount;
      return { kind: same ? 'existing' : 'mismatch', transfer: existing };
    }
    const balance = state.balances.get(input.playerRef);
    if (balance === undefined) return { kind: 'no-player' };
    let failureReason = forceFailure;
    if (failureReason === null && input.direction === 'OUT' && input.amount > balance) failureReason = 'INSUFFICIENT_BALANCE';
    let balanceAfter = balance;
    if (failureReason === null) {
      balanceAfter = input.direction === 'IN' ? balance + input.amount : balance - input.amount;
      state.balances.set(input.playerRef, balanceAfter);
    }
    const transfer: SandboxTransfer = {
      ...input,
      status: failureReason === null ? 'SUCCESS' : 'FAILED',
      failureReason,
      balanceAfter,
      createdAt: new Date(),
    };
    state.transfers.set(input.reference, transfer);
    return { kind: 'created', transfer };
  }

  /** One settled round: the stake leaves the wallet, the payout comes back, a record is published. null: not enough balance. */
  settleRound(
    provider: ThirdPartyProvider,
    input: { playerRef: string; catalogue: ProviderCatalogue; gameId: string; stake: Money; payout: Money },
  ): { record: SandboxBetRecord; balance: Money } | null {
    const state = this.state(provider);
    const balance = state.balances.get(input.playerRef);
    if (balance === undefined || balance < input.stake) return null;
    const after = balance - input.stake + input.payout;
    state.balances.set(input.playerRef, after);
    const now = new Date();
    state.recordCount += 1;
    const record: SandboxBetRecord = {
      recordId: `${provider}-${String(state.recordCount).padStart(8, '0')}`,
      playerRef: input.playerRef,
      catalogue: input.catalogue,
      gameId: input.gameId,
      stake: input.stake,
      payout: input.payout,
      validStake: input.stake,
      placedAt: now,
      settledAt: now,
      status: 'SETTLED',
    };
    this.publish(state, record);
    return { record, balance: after };
  }

  private publish(state: ProviderState, record: SandboxBetRecord): void {
    state.feed.push({ seq: state.feed.length + 1, record: { ...record } });
  }

  /** The feed after `afterSeq` (0: from the start), in seq order, at most `limit` entries. */
  feedAfter(provider: ThirdPartyProvider, afterSeq: number, limit: number): { entries: FeedEntry[]; lastSeq: number } {
    const { feed } = this.state(provider);
    return { entries: feed.slice(afterSeq, afterSeq + limit), lastSeq: feed.length };
  }
}
