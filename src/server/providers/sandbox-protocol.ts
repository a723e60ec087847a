// The wire format of the sandbox game provider's API (docs/providers/sandbox.md), shared by the sandbox
// service (src/sandbox/provider) and the platform's adapter (sandbox-adapter.ts). JSON, amounts as
// decimal 元 strings like the payment sandbox (sandbox-protocol.ts of payments), times as ISO strings.
// Requests and answers are signed with the scheme of src/server/payments/signing.ts.
import { z } from 'zod';
import { THIRD_PARTY_PROVIDERS } from '../../shared/enums.ts';
import { MoneyError, parseYuan } from '../../shared/money.ts';

export { fromWireAmount, toWireAmount } from '../payments/sandbox-protocol.ts';

const p = (provider: string) => encodeURIComponent(provider);

export const PROVIDER_PATHS = {
  health: '/health',
  players: (provider: string) => `/api/${p(provider)}/players`,
  launch: (provider: string) => `/api/${p(provider)}/launch`,
  games: (provider: string, catalogue: string) => `/api/${p(provider)}/games?catalogue=${encodeURIComponent(catalogue)}`,
  balance: (provider: string, playerRef: string) => `/api/${p(provider)}/players/${encodeURIComponent(playerRef)}/balance`,
  transfers: (provider: string) => `/api/${p(provider)}/transfers`,
  transfer: (provider: string, reference: string) => `/api/${p(provider)}/transfers/${encodeURIComponent(reference)}`,
  records: (provider: string, cursor: string | null, limit: number) =>
    `/api/${p(provider)}/records?limit=${limit}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
  stream: (provider: string) => `/api/${p(provider)}/stream`,
  // Control API (signed like the rest, never subject to the faults it controls).
  faults: (provider: string) => `/api/control/${p(provider)}/faults`,
  allFaults: '/api/control/faults',
  play: (provider: string) => `/api/control/${p(provider)}/play`,
  // Pages the player opens (no signature: the launch token or the session id authorises).
  launchPage: '/play/launch',
  session: (sessionId: string) => `/play/s/${encodeURIComponent(sessionId)}`,
  icon: (provider: string, gameId: string) => `/icons/${p(provider)}/${encodeURIComponent(gameId)}.svg`,
  streamPage: (provider: string) => `/stream/${p(provider)}`,
} as const;

export const WireProvider = z.enum(THIRD_PARTY_PROVIDERS);
export const WireCatalogue = z.enum(['LIVE_BETTING', 'SLOT_MACHINE', 'SPORTS_BETTING', 'FISHING_JOY', 'CARD_GAME']);

export const wireAmount = z.string().max(32).refine((text) => {
  try {
    parseYuan(text);
    return true;
  } catch (error) {
    if (error instanceof MoneyError) return false;
    throw error;
  }
}, 'amount must be a decimal 元 string with at most 4 decimals');

/** A record's stake, payout or valid stake: a wire amount that is a non-negative safe integer of 0.0001 元. */
export const wireRecordAmount = wireAmount.refine((text) => {
  try {
    const amount = parseYuan(text);
    return Number.isSafeInteger(amount) && amount >= 0;
  } catch {
    return false;
  }
}, 'amount must not be negative');

/** A point in time: ISO 8601 with a date that exists and an offset (Z or ±hh:mm), e.g. `2024-02-29T12:00:00.000Z`. */
export const wireInstant = z.iso.datetime({ offset: true }).refine((text) => Number.isFinite(Date.parse(text)), 'time must be an ISO 8601 date-time');

/** Our references and player refs: printable ASCII without separators. */
export const wireId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_.:-]+$/);

export const CreatePlayerRequest = z.object({ playerRef: wireId }).strict();
export const CreatePlayerAnswer = z.object({ playerRef: z.string(), created: z.boolean() });

export const LaunchRequest = z
  .object({
    playerRef: wireId,
    catalogue: WireCatalogue,
    gameId: z.string().min(1).max(64).nullable(),
    room: z.string().min(1).max(64).nullable(),
    device: z.enum(['MOBILE', 'DESKTOP']),
    returnUrl: z.string().max(2000).url().refine((url) => /^https?:\/\//i.test(url), 'returnUrl must be http(s)'),
  })
  .strict();
export const LaunchAnswer = z.object({ url: z.string().url() });

export const WireGame = z.object({
  gameId: z.string(),
  name: z.string(),
  iconUrl: z.string(),
  catalogue: WireCatalogue,
  room: z.string().nullable(),
});
export type WireGame = z.infer<typeof WireGame>;
export const GamesAnswer = z.object({ games: z.array(WireGame) });

export const BalanceAnswer = z.object({ playerRef: z.string(), balance: wireAmount });

export const TransferRequest = z
  .object({
    reference: wireId,
    playerRef: wireId,
    direction: z.enum(['IN', 'OUT']),
    amount: wireAmount,
  })
  .strict();
export type TransferRequest = z.infer<typeof TransferRequest>;

export const WireTransfer = z.object({
  reference: z.string(),
  playerRef: z.string(),
  direction: z.enum(['IN', 'OUT']),
  amount: wireAmount,
  status: z.enum(['SUCCESS', 'FAILED']),
  /** Why it failed (INSUFFICIENT_BALANCE, TIMEOUT_FAILED); null on success. */
  failureReason: z.string().nullable(),
  /** The player's provider balance right after the transfer was decided. */
  balanceAfter: wireAmount,
  createdAt: z.string(),
});
export type WireTransfer = z.infer<typeof WireTransfer>;

export const WireBetRecord = z.object({
  recordId: z.string(),
  playerRef: z.string(),
  catalogue: WireCatalogue,
  gameId: z.string(),
  stake: wireRecordAmount,
  payout: wireRecordAmount,
  validStake: wireRecordAmount,
  placedAt: wireInstant,
  settledAt: wireInstant.nullable(),
  status: z.enum(['SETTLED', 'CANCELLED', 'OPEN']),
});
export type WireBetRecord = z.infer<typeof WireBetRecord>;

export const RecordsAnswer = z.object({ records: z.array(WireBetRecord), nextCursor: z.string(), hasMore: z.boolean() });
export const MAX_RECORDS_PAGE = 500;

export const StreamAnswer = z.object({ url: z.string().url() });

export const PlayRequest = z.object({ playerRef: wireId, spins: z.number().int().min(1).max(1000) }).strict();
export const PlayAnswer = z.object({ played: z.number().int(), balance: wireAmount });

export const ClearFaultsAnswer = z.object({ cleared: z.literal(true) });

export const ErrorAnswer = z.object({ code: z.string(), message: z.string() });
