// The built-in provider adapter: the sandbox game provider service (src/sandbox/provider), reached over
// HTTP with the signed protocol of docs/providers/sandbox.md (the signing of src/server/payments/signing.ts).
// Every answer the platform acts on must carry a valid signature bound to the request.
//
// What a failure lets the caller conclude (adapter.ts), as the payment adapter does (payments/transport.ts):
// refused / unreachable / 503 / 4xx → ProviderUnavailableError (it certainly did not take effect);
// time-out, connection lost after sending, other 5xx, an unsigned or unreadable answer to a transfer →
// ProviderInDoubtError (it may have). A query changes nothing, so every failure of one is "unavailable".
import type { z } from 'zod';
import { PROVIDERS_BY_CATALOGUE, type ThirdPartyProvider } from '../../shared/enums.ts';
import type { Money } from '../../shared/money.ts';
import { ProviderFaultsSchema, type ProviderFaults } from '../../shared/providers/sandbox-faults.ts';
import { requestPurpose, responsePurpose, signHeaders, SIGNATURE_HEADERS, verifySigned } from '../payments/signing.ts';
import {
  ProviderInDoubtError,
  ProviderUnavailableError,
  type BetRecordPage,
  type LaunchInput,
  type ProviderAdapter,
  type ProviderCatalogue,
  type ProviderGame,
  type ProviderTransfer,
  type TransferInput,
} from './adapter.ts';
import {
  BalanceAnswer,
  ClearFaultsAnswer,
  CreatePlayerAnswer,
  GamesAnswer,
  LaunchAnswer,
  MAX_RECORDS_PAGE,
  PlayAnswer,
  PROVIDER_PATHS,
  RecordsAnswer,
  StreamAnswer,
  WireTransfer,
  fromWireAmount,
  toWireAmount,
} from './sandbox-protocol.ts';

export interface SandboxProviderAdapterOptions {
  provider: ThirdPartyProvider;
  baseUrl: string;
  merchantId: string;
  secret: string;
  timeoutMs: number;
}

/** 'money': a transfer (a failure may leave it in doubt); 'query': changes nothing. */
type Kind = 'money' | 'query';

/** Errors raised before the request could have reached the provider. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ERR_INVALID_URL']);

class ProviderAnswerError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class SandboxProviderAdapter implements ProviderAdapter {
  readonly provider: ThirdPartyProvider;
  readonly sandbox = true;
  /** Only sports providers have a stream (spec §2.4). */
  readonly streamUrl?: () => Promise<{ url: string }>;
  private readonly baseUrl: string;

  constructor(private readonly options: SandboxProviderAdapterOptions) {
    this.provider = options.provider;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    if ((PROVIDERS_BY_CATALOGUE.SPORTS_BETTING as readonly string[]).includes(options.provider)) {
      this.streamUrl = async () => (await this.call('GET', PROVIDER_PATHS.stream(this.provider), undefined, 'query', StreamAnswer))!;
    }
  }

  async ensurePlayer(playerRef: string): Promise<void> {
    await this.call('POST', PROVIDER_PATHS.players(this.provider), { playerRef }, 'query', CreatePlayerAnswer);
  }

  async launchUrl(input: LaunchInput): Promise<{ url: string }> {
    const answer = await this.call(
      'POST',
      PROVIDER_PATHS.launch(this.provider),
      { playerRef: input.playerRef, catalogue: input.catalogue, gameId: input.gameId, room: input.room, device: input.device, returnUrl: input.returnUrl },
      'query',
      LaunchAnswer,
    );
    return { url: answer!.url };
  }

  async listGames(catalogue: ProviderCatalogue): Promise<ProviderGame[]> {
    const answer = await this.call('GET', PROVIDER_PATHS.games(this.provider, catalogue), undefined, 'query', GamesAnswer);
    return answer!.games.map((g) => ({ gameId: g.gameId, name: g.name, iconUrl: g.iconUrl, catalogue: g.catalogue, room: g.room }));
  }

  /** A player the provider has never seen has nothing there: 0. */
  async balance(playerRef: string): Promise<Money> {
    const answer = await this.call('GET', PROVIDER_PATHS.balance(this.provider, playerRef), undefined, 'query', BalanceAnswer, 'PLAYER_NOT_FOUND');
    return answer ? fromWireAmount(answer.balance) : 0;
  }

  async transfer(input: TransferInput): Promise<ProviderTransfer> {
    const body = { reference: input.reference, playerRef: input.playerRef, direction: input.direction, amount: toWireAmount(input.amount) };
    try {
      const answer = await this.call('POST', PROVIDER_PATHS.transfers(this.provider), body, 'money', WireTransfer);
      return this.transferFromWire(answer!, input.reference);
    } catch (error) {
      // A provider that refuses a reused reference: the first transfer's outcome is what counts.
      if (error instanceof ProviderUnavailableError && error.cause instanceof ProviderAnswerError && error.cause.code === 'DUPLICATE_REFERENCE') {
        const first = await this.transferStatus(input.reference).catch((cause: unknown) => {
          throw new ProviderInDoubtError(`${this.provider} 转账 ${input.reference}: 流水号重复，且查询首次结果失败`, { cause });
        });
        if (first) return first;
        throw new ProviderInDoubtError(`${this.provider} 转账 ${input.reference}: 流水号重复，但查不到首次结果`);
      }
      throw error;
    }
  }

  async transferStatus(reference: string): Promise<ProviderTransfer | null> {
    const answer = await this.call('GET', PROVIDER_PATHS.transfer(this.provider, reference), undefined, 'query', WireTransfer, 'NOT_FOUND');
    return answer ? this.transferFromWire(answer, reference) : null;
  }

  async betRecords(cursor: string | null, limit: number): Promise<BetRecordPage> {
    const size = Math.max(1, Math.min(MAX_RECORDS_PAGE, Math.floor(limit)));
    const answer = (await this.call('GET', PROVIDER_PATHS.records(this.provider, cursor, size), undefined, 'query', RecordsAnswer))!;
    return {
      records: answer.records.map((r) => ({
        recordId: r.recordId,
        playerRef: r.playerRef,
        catalogue: r.catalogue,
        gameId: r.gameId,
        stake: fromWireAmount(r.stake),
        payout: fromWireAmount(r.payout),
        validStake: fromWireAmount(r.validStake),
        placedAt: new Date(r.placedAt),
        settledAt: r.settledAt === null ? null : new Date(r.settledAt),
        status: r.status,
      })),
      nextCursor: answer.nextCursor,
      hasMore: answer.hasMore,
    };
  }

  // Sandbox-only controls beyond the ProviderAdapter contract (back office 沙箱故障, tests).

  async faults(): Promise<ProviderFaults> {
    return (await this.call('GET', PROVIDER_PATHS.faults(this.provider), undefined, 'query', ProviderFaultsSchema))!;
  }

  async setFaults(change: Partial<ProviderFaults>): Promise<ProviderFaults> {
    return (await this.call('PUT', PROVIDER_PATHS.faults(this.provider), change, 'query', ProviderFaultsSchema))!;
  }

  /** Every provider of this sandbox back to healthy (the faults are per provider, the sandbox is shared). */
  async clearAllFaults(): Promise<void> {
    await this.call('DELETE', PROVIDER_PATHS.allFaults, undefined, 'query', ClearFaultsAnswer);
  }

  /** Plays `spins` rounds as the player would (the smallest slot stake each); stops when the provider wallet runs dry. */
  async play(playerRef: string, spins: number): Promise<{ played: number; balance: Money }> {
    const answer = (await this.call('POST', PROVIDER_PATHS.play(this.provider), { playerRef, spins }, 'query', PlayAnswer))!;
    return { played: answer.played, balance: fromWireAmount(answer.balance) };
  }

  private transferFromWire(wire: z.infer<typeof WireTransfer>, reference: string): ProviderTransfer {
    if (wire.reference !== reference) throw new ProviderInDoubtError(`${this.provider} 转账 ${reference}: 应答的流水号不符（${wire.reference}）`);
    return {
      reference: wire.reference,
      playerRef: wire.playerRef,
      direction: wire.direction,
      amount: fromWireAmount(wire.amount),
      status: wire.status,
      balanceAfter: fromWireAmount(wire.balanceAfter),
    };
  }

  /** A signed exchange; null only for a signed 404 whose code is `nullWhen` (the thing asked about does not exist). */
  private async call<T extends z.ZodType>(
    method: string,
    path: string,
    payload: unknown,
    kind: Kind,
    schema: T,
    nullWhen: string | null = null,
  ): Promise<z.infer<T> | null> {
    const what = `${this.provider} ${method} ${path.split('?')[0]}`;
    const inDoubt = (message: string, cause?: unknown) =>
      kind === 'money' ? new ProviderInDoubtError(`${what}: ${message}`, { cause }) : new ProviderUnavailableError(`${what}: ${message}`, { cause });
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers = signHeaders(this.options.secret, this.options.merchantId, requestPurpose(method, path), body);
    if (body) headers['content-type'] = 'application/json';

    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.baseUrl}${path}`, { method, headers, ...(body ? { body } : {}), signal: AbortSignal.timeout(this.options.timeoutMs) });
      text = await response.text();
    } catch (error) {
      const name = (error as { name?: string } | null)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw inDoubt(`游戏服务商在 ${this.options.timeoutMs} ms 内没有应答`, error);
      const code = errorCode(error);
      if (code && NOT_SENT_CODES.has(code)) throw new ProviderUnavailableError(`${what}: 无法连接游戏服务商（${code}）`, { cause: error });
      throw inDoubt(`与游戏服务商的连接中断（${code ?? 'unknown'}）`, error);
    }

    const trusted = (response.status >= 200 && response.status < 300) || (response.status === 404 && nullWhen !== null && answerCode(text) === nullWhen);
    if (!trusted) {
      const cause = new ProviderAnswerError(response.status, answerCode(text), answerMessage(text));
      const detail = `HTTP ${response.status}${cause.message ? `，${cause.message}` : ''}`;
      if (response.status === 503 || (response.status >= 400 && response.status < 500)) {
        throw new ProviderUnavailableError(`${what}: 游戏服务商拒绝了请求（${detail}）`, { cause });
      }
      throw inDoubt(`游戏服务商应答异常（${detail}）`, cause);
    }

    const nonce = headers[SIGNATURE_HEADERS.nonce]!;
    const check = verifySigned(this.options.secret, this.options.merchantId, responsePurpose(response.status, nonce), text, response.headers);
    if (check.problem !== null) throw inDoubt(`游戏服务商应答的签名无效（${check.problem}）`);
    if (response.status === 404) return null;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw inDoubt('游戏服务商应答不是 JSON');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw inDoubt('游戏服务商应答格式有误');
    return parsed.data;
  }
}

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function answerField(body: string, field: 'code' | 'message'): string {
  try {
    const value = (JSON.parse(body) as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : '';
  } catch {
    return '';
  }
}
const answerCode = (body: string) => answerField(body, 'code');
const answerMessage = (body: string) => answerField(body, 'message');
