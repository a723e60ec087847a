// The game-provider adapter (decisions §10, issue 20): what the platform asks of a transfer-wallet
// game aggregator. One adapter per provider code of spec §3.5; the built-in one talks to the sandbox
// provider service (src/sandbox/provider, its own process); a real provider gets its own adapter with
// the same interface. The platform never sees the wire format.
//
// Errors tell the caller what it may conclude, as with the payment gateway (src/server/payments/gateway.ts):
//   ProviderUnavailableError — the request certainly did not take effect (refused connection, a 4xx or a
//     5xx answered before acceptance): nothing happened at the provider.
//   ProviderInDoubtError — it may or may not have taken effect (time-out, connection lost after
//     sending, an unreadable answer): the caller resolves it later with `transferStatus`, never by guessing.
import type { GameCatalogue, ThirdPartyProvider } from '../../shared/enums.ts';
import type { Money } from '../../shared/money.ts';

/** The catalogues a provider can serve (every catalogue but our own lottery and dice). */
export type ProviderCatalogue = Exclude<GameCatalogue, 'LOTTERY' | 'DICE'>;

export interface ProviderGame {
  gameId: string;
  /** Chinese display name. */
  name: string;
  /** Absolute URL of the game's icon (the sandbox serves its own). */
  iconUrl: string;
  catalogue: ProviderCatalogue;
  /** Fishing rooms and live/card tables: the room the launch URL opens; null for a lobby. */
  room: string | null;
}

export interface LaunchInput {
  /** Our player reference at the provider (see `providerPlayerRef`). */
  playerRef: string;
  catalogue: ProviderCatalogue;
  gameId: string | null;
  room: string | null;
  device: 'MOBILE' | 'DESKTOP';
  /** Where the provider's page sends the player back. */
  returnUrl: string;
}

export type TransferDirection = 'IN' | 'OUT';

export interface TransferInput {
  playerRef: string;
  /** Our unique reference: sending it twice never moves money twice (the provider answers with the first). */
  reference: string;
  /** IN: main wallet → provider wallet; OUT: provider wallet → main wallet. */
  direction: TransferDirection;
  amount: Money;
}

export type ProviderTransferStatus = 'SUCCESS' | 'FAILED';

export interface ProviderTransfer {
  reference: string;
  /** What the provider says it did, to be checked against what we asked (transfers.ts `answerMismatch`). */
  playerRef: string;
  direction: TransferDirection;
  amount: Money;
  status: ProviderTransferStatus;
  /**
   * The provider wallet's balance right after the transfer was decided, when the provider tells it.
   * Fresh only in the answer to the transfer itself: in a later status query it is history.
   */
  balanceAfter: Money | null;
}

export interface ProviderBetRecord {
  /** The provider's id of the record: unique per provider; a record may be sent again (updated). */
  recordId: string;
  playerRef: string;
  catalogue: ProviderCatalogue;
  gameId: string;
  stake: Money;
  /** What the player got back (stake included); 0 for a loss. */
  payout: Money;
  /** The stake that counts toward required stake (打码量) and reports. */
  validStake: Money;
  placedAt: Date;
  settledAt: Date | null;
  status: 'SETTLED' | 'CANCELLED' | 'OPEN';
}

export interface BetRecordPage {
  records: ProviderBetRecord[];
  /** Pass back to get what came after; the same cursor always yields the same or later records. */
  nextCursor: string;
  hasMore: boolean;
}

export interface ProviderAdapter {
  readonly provider: ThirdPartyProvider;
  /** True for the built-in sandbox (players see 沙箱; operators see it in the back office). */
  readonly sandbox: boolean;
  /** Creates the player at the provider; calling it again for the same player is harmless. */
  ensurePlayer(playerRef: string): Promise<void>;
  launchUrl(input: LaunchInput): Promise<{ url: string }>;
  listGames(catalogue: ProviderCatalogue): Promise<ProviderGame[]>;
  balance(playerRef: string): Promise<Money>;
  transfer(input: TransferInput): Promise<ProviderTransfer>;
  /** null: the provider has never seen this reference (so it certainly did not happen). */
  transferStatus(reference: string): Promise<ProviderTransfer | null>;
  betRecords(cursor: string | null, limit: number): Promise<BetRecordPage>;
  /** The sports stream page (spec §2.4 floating button), for providers that have one. */
  streamUrl?(): Promise<{ url: string }>;
}

export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
}

export class ProviderInDoubtError extends Error {
  override name = 'ProviderInDoubtError';
}

/** Our player reference at every provider: stable, not the username (which a player never changes, but need not leak). */
export function providerPlayerRef(customerId: number): string {
  return `jl${customerId}`;
}
