// The sandbox game provider service (decisions §10, issue 20): the signed provider API for every
// provider code of spec §3.5 but AVIA, the game pages behind the launch URLs, icons, the sports stream
// and per-provider fault controls, on one Fastify instance. scripts/sandbox-provider.ts runs it as its
// own process; nothing of it runs inside the platform.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ThirdPartyProvider } from '../../shared/enums.ts';
import type { Money } from '../../shared/money.ts';
import { FISH_KINDS, FISHING_ROOMS } from '../../shared/providers/fishing.ts';
import { ProviderFaultsSchema } from '../../shared/providers/sandbox-faults.ts';
import { SLOT_STAKES } from '../../shared/providers/slot.ts';
import { SIGNATURE_HEADERS } from '../../server/payments/signing.ts';
import {
  CreatePlayerRequest,
  LaunchRequest,
  MAX_RECORDS_PAGE,
  PlayRequest,
  PROVIDER_PATHS,
  TransferRequest,
  WireCatalogue,
  fromWireAmount,
  toWireAmount,
  type WireBetRecord,
  type WireGame,
  type WireTransfer,
} from '../../server/providers/sandbox-protocol.ts';
import { RequestAuth } from '../gateway/auth.ts';
import { findGame, gameIconSvg, gamesOf, isServedProvider, servesCatalogue, type SandboxGame } from './catalogue.ts';
import type { ProviderSandboxSettings } from './config.ts';
import { ProviderFaultBook, Sleeper } from './faults.ts';
import { shootFish, spinSlot } from './rounds.ts';
import { fishingPage, lobbyPage, messagePage, PAGE_CSP, slotPage, streamPage } from './pages.ts';
import { SessionBook, type GameSession, type RoundResult } from './sessions.ts';
import { ProviderStore, type FeedEntry, type SandboxBetRecord, type SandboxTransfer } from './store.ts';

export interface SandboxProviderService {
  app: FastifyInstance;
  /** Listens; resolves with the base URL (the port is known only now when it was 0). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

const RECENT_ROUNDS = 10;

const wireTransfer = (t: SandboxTransfer): WireTransfer => ({
  reference: t.reference,
  playerRef: t.playerRef,
  direction: t.direction,
  amount: toWireAmount(t.amount),
  status: t.status,
  failureReason: t.failureReason,
  balanceAfter: toWireAmount(t.balanceAfter),
  createdAt: t.createdAt.toISOString(),
});

const wireRecord = (r: SandboxBetRecord): WireBetRecord => ({
  recordId: r.recordId,
  playerRef: r.playerRef,
  catalogue: r.catalogue,
  gameId: r.gameId,
  stake: toWireAmount(r.stake),
  payout: toWireAmount(r.payout),
  validStake: toWireAmount(r.validStake),
  placedAt: r.placedAt.toISOString(),
  settledAt: r.settledAt?.toISOString() ?? null,
  status: r.status,
});

export function createSandboxProvider(settings: ProviderSandboxSettings): SandboxProviderService {
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  const store = new ProviderStore();
  const faults = new ProviderFaultBook();
  const sleeper = new Sleeper();
  const sessions = new SessionBook(settings.launchTtlMs, settings.sessionIdleMs);
  const auth = new RequestAuth(settings.merchantId, settings.secret);
  const reachableHost = settings.host === '0.0.0.0' || settings.host === '::' ? '127.0.0.1' : settings.host;
  let publicUrl = settings.publicUrl ?? `http://${reachableHost}:${settings.port}`;

  // Signatures cover the exact bytes: every body is kept as the raw string and parsed by the route.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const rawBody = (request: FastifyRequest) => (typeof request.body === 'string' ? request.body : '');
  const nonceOf = (request: FastifyRequest) => {
    const value = request.headers[SIGNATURE_HEADERS.nonce];
    return (Array.isArray(value) ? value[0] : value) ?? '';
  };
  const providerOf = (request: FastifyRequest): ThirdPartyProvider | null => {
    const value = (request.params as { provider?: unknown } | undefined)?.provider;
    return typeof value === 'string' && isServedProvider(value) ? value : null;
  };
  const isControl = (request: FastifyRequest) => request.url.startsWith('/api/control/');

  const answer = (request: FastifyRequest, reply: FastifyReply, status: number, payload: unknown) => {
    const body = JSON.stringify(payload);
    const headers = auth.responseHeaders(status, nonceOf(request), body);
    const provider = providerOf(request);
    if (provider && !isControl(request) && faults.get(provider).wrongSignature) {
      headers[SIGNATURE_HEADERS.signature] = '0'.repeat(64);
    }
    return reply.code(status).headers(headers).type('application/json').send(body);
  };
  const fail = (request: FastifyRequest, reply: FastifyReply, status: number, code: string, message: string) =>
    answer(request, reply, status, { code, message });
  const parseJson = (request: FastifyRequest): unknown => {
    try {
      return JSON.parse(rawBody(request));
    } catch {
      return undefined;
    }
  };
  const badRequest = (request: FastifyRequest, reply: FastifyReply, issue: { path: PropertyKey[] } | undefined) =>
    fail(request, reply, 400, 'BAD_REQUEST', `请求参数有误: ${issue?.path.map(String).join('.') ?? ''}`);

  app.get(PROVIDER_PATHS.health, async () => ({ ok: true, sandbox: true }));
  app.get('/favicon.ico', async (_request, reply) => reply.code(204).send());

  app.addHook('preHandler', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const failure = auth.verify(request.method, request.url, rawBody(request), request.headers);
    if (failure) return fail(request, reply, 401, failure.code, failure.message);
    const param = (request.params as { provider?: string } | undefined)?.provider;
    if (param !== undefined && providerOf(request) === null) return fail(request, reply, 404, 'UNKNOWN_PROVIDER', '沙箱不提供该游戏服务商');
    const provider = providerOf(request);
    if (provider && !isControl(request) && faults.get(provider).down) {
      return fail(request, reply, 503, 'UNAVAILABLE', '沙箱游戏服务商维护中（模拟故障）');
    }
  });

  // delayMs: the request is processed at once, its answer comes late (a slow provider, not a lost request).
  app.addHook('onSend', async (request) => {
    const provider = providerOf(request);
    if (!provider || !request.url.startsWith('/api/') || isControl(request)) return;
    const { delayMs } = faults.get(provider);
    if (delayMs > 0) await sleeper.sleep(delayMs);
  });

  type P = { Params: { provider: string } };

  app.post<P>('/api/:provider/players', async (request, reply) => {
    const parsed = CreatePlayerRequest.safeParse(parseJson(request));
    if (!parsed.success) return badRequest(request, reply, parsed.error.issues[0]);
    const created = store.ensurePlayer(providerOf(request)!, parsed.data.playerRef);
    return answer(request, reply, created ? 201 : 200, { playerRef: parsed.data.playerRef, created });
  });

  app.post<P>('/api/:provider/launch', async (request, reply) => {
    const provider = providerOf(request)!;
    const parsed = LaunchRequest.safeParse(parseJson(request));
    if (!parsed.success) return badRequest(request, reply, parsed.error.issues[0]);
    const input = parsed.data;
    if (!servesCatalogue(provider, input.catalogue)) return fail(request, reply, 400, 'CATALOGUE_NOT_SERVED', '该服务商不提供此类游戏');
    const game = findGame(provider, input.catalogue, input.gameId, input.room);
    if (!game) return fail(request, reply, 400, 'GAME_NOT_FOUND', '游戏或房间不存在');
    // Launching creates the player when needed, as most aggregators do.
    store.ensurePlayer(provider, input.playerRef);
    const token = sessions.issueToken({
      provider,
      playerRef: input.playerRef,
      catalogue: input.catalogue,
      gameId: game.gameId,
      room: game.room ?? input.room,
      device: input.device,
      returnUrl: input.returnUrl,
    });
    return answer(request, reply, 200, { url: `${publicUrl}${PROVIDER_PATHS.launchPage}?t=${encodeURIComponent(token)}` });
  });

  const wireGame = (provider: ThirdPartyProvider, game: SandboxGame): WireGame => ({
    gameId: game.gameId,
    name: game.name,
    iconUrl: `${publicUrl}${PROVIDER_PATHS.icon(provider, game.gameId)}`,
    catalogue: game.catalogue,
    room: game.room,
  });

  app.get<P & { Querystring: { catalogue?: string } }>('/api/:provider/games', async (request, reply) => {
    const catalogue = WireCatalogue.safeParse(request.query.catalogue);
    if (!catalogue.success) return fail(request, reply, 400, 'BAD_REQUEST', '请求参数有误: catalogue');
    const provider = providerOf(request)!;
    return answer(request, reply, 200, { games: gamesOf(provider, catalogue.data).map((g) => wireGame(provider, g)) });
  });

  app.get<P & { Params: { playerRef: string } }>('/api/:provider/players/:playerRef/balance', async (request, reply) => {
    const provider = providerOf(request)!;
    if (faults.get(provider).balanceFails) return fail(request, reply, 500, 'BALANCE_FAILED', '余额查询失败（模拟故障）');
    const balance = store.balance(provider, request.params.playerRef);
    if (balance === null) return fail(request, reply, 404, 'PLAYER_NOT_FOUND', '玩家不存在');
    return answer(request, reply, 200, { playerRef: request.params.playerRef, balance: toWireAmount(balance) });
  });

  app.post<P>('/api/:provider/transfers', async (request, reply) => {
    const provider = providerOf(request)!;
    const parsed = TransferRequest.safeParse(parseJson(request));
    if (!parsed.success) return badRequest(request, reply, parsed.error.issues[0]);
    const amount = fromWireAmount(parsed.data.amount);
    if (amount <= 0) return fail(request, reply, 400, 'BAD_REQUEST', '转账金额必须大于 0');
    const fault = faults.get(provider);
    const outcome = store.transfer(provider, { ...parsed.data, amount }, fault.transferTimeout === 'FAIL' ? 'TIMEOUT_FAILED' : null);
    if (outcome.kind === 'no-player') return fail(request, reply, 404, 'PLAYER_NOT_FOUND', '玩家不存在');
    if (outcome.kind === 'mismatch') return fail(request, reply, 409, 'REFERENCE_MISMATCH', '流水号已用于另一笔转账');
    if (outcome.kind === 'existing' && fault.duplicateReference === 'REJECT') {
      return fail(request, reply, 409, 'DUPLICATE_REFERENCE', '流水号重复');
    }
    if (outcome.kind === 'created' && fault.transferTimeout !== 'OFF') {
      // Done (or failed) already; the answer is held past the client's time-out, then sent anyway.
      await sleeper.sleep(settings.holdMs);
    }
    return answer(request, reply, 200, wireTransfer(outcome.transfer));
  });

  app.get<P & { Params: { reference: string } }>('/api/:provider/transfers/:reference', async (request, reply) => {
    const transfer = store.transferByReference(providerOf(request)!, request.params.reference);
    if (!transfer) return fail(request, reply, 404, 'NOT_FOUND', '转账不存在');
    return answer(request, reply, 200, wireTransfer(transfer));
  });

  app.get<P & { Querystring: { cursor?: string; limit?: string } }>('/api/:provider/records', async (request, reply) => {
    const provider = providerOf(request)!;
    const { cursor = '0', limit = '100' } = request.query;
    if (typeof cursor !== 'string' || !/^\d{1,15}$/.test(cursor)) return fail(request, reply, 400, 'BAD_REQUEST', '请求参数有误: cursor');
    if (typeof limit !== 'string' || !/^\d{1,4}$/.test(limit) || Number(limit) < 1 || Number(limit) > MAX_RECORDS_PAGE) {
      return fail(request, reply, 400, 'BAD_REQUEST', '请求参数有误: limit');
    }
    const after = Number(cursor);
    const { entries, lastSeq } = store.feedAfter(provider, after, Number(limit));
    const fault = faults.get(provider);
    let page: FeedEntry[] = entries;
    let nextSeq = entries.at(-1)?.seq ?? Math.min(after, lastSeq);
    if (fault.recordsTwice && entries.length > 0) {
      // Each record twice in this page, and the second half of the page again on the next one.
      page = entries.flatMap((entry) => [entry, entry]);
      nextSeq = entries[Math.floor((entries.length - 1) / 2)]!.seq;
    }
    if (fault.recordsOutOfOrder) page = [...page].reverse();
    return answer(request, reply, 200, { records: page.map((e) => wireRecord(e.record)), nextCursor: String(nextSeq), hasMore: nextSeq < lastSeq });
  });

  app.get<P>('/api/:provider/stream', async (request, reply) => {
    const provider = providerOf(request)!;
    if (!servesCatalogue(provider, 'SPORTS_BETTING')) return fail(request, reply, 404, 'NO_STREAM', '该服务商没有直播');
    return answer(request, reply, 200, { url: `${publicUrl}${PROVIDER_PATHS.streamPage(provider)}` });
  });

  // Control API (signed like the provider API; never subject to the faults it controls).
  app.get<P>('/api/control/:provider/faults', async (request, reply) => answer(request, reply, 200, faults.get(providerOf(request)!)));

  app.put<P>('/api/control/:provider/faults', async (request, reply) => {
    const parsed = ProviderFaultsSchema.partial().strict().safeParse(parseJson(request));
    if (!parsed.success) return fail(request, reply, 400, 'BAD_REQUEST', `故障参数有误: ${parsed.error.issues[0]?.path.map(String).join('.')}`);
    return answer(request, reply, 200, faults.patch(providerOf(request)!, parsed.data));
  });

  app.delete(PROVIDER_PATHS.allFaults, async (request, reply) => {
    faults.clear();
    return answer(request, reply, 200, { cleared: true });
  });

  /** Plays `spins` rounds as the player would (slot math at the smallest stake); stops when the wallet runs dry. */
  app.post<P>('/api/control/:provider/play', async (request, reply) => {
    const provider = providerOf(request)!;
    const parsed = PlayRequest.safeParse(parseJson(request));
    if (!parsed.success) return badRequest(request, reply, parsed.error.issues[0]);
    const { playerRef, spins } = parsed.data;
    const catalogue = (['SLOT_MACHINE', 'FISHING_JOY', 'CARD_GAME', 'LIVE_BETTING', 'SPORTS_BETTING'] as const).find((c) => servesCatalogue(provider, c))!;
    const game = gamesOf(provider, catalogue)[0]!;
    let played = 0;
    for (; played < spins; played++) {
      const stake = SLOT_STAKES[0];
      if (!store.settleRound(provider, { playerRef, catalogue, gameId: game.gameId, stake, payout: spinSlot(stake).payout })) break;
    }
    return answer(request, reply, 200, { played, balance: toWireAmount(store.balance(provider, playerRef) ?? 0) });
  });

  // What the player opens: launch → session → game page; forms post back and redirect (post/redirect/get).
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('content-security-policy', PAGE_CSP).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8').send(body);
  const expired = (reply: FastifyReply) => html(reply, 404, messagePage('游戏会话已失效', '请回到锦鲤重新进入游戏。'));

  app.get<{ Querystring: { t?: string } }>(PROVIDER_PATHS.launchPage, async (request, reply) => {
    const token = typeof request.query.t === 'string' ? request.query.t : '';
    const session = sessions.open(token);
    if (!session) return html(reply, 403, messagePage('进入游戏失败', '进入链接无效或已过期，请回到锦鲤重新进入游戏。'));
    return reply.redirect(PROVIDER_PATHS.session(session.id), 303);
  });

  const sessionGame = (session: GameSession) => findGame(session.provider, session.catalogue, session.gameId, session.room);

  app.get<{ Params: { id: string } }>('/play/s/:id', async (request, reply) => {
    const session = sessions.get(request.params.id);
    const game = session && sessionGame(session);
    if (!session || !game) return expired(reply);
    const balance = store.balance(session.provider, session.playerRef) ?? 0;
    const path = PROVIDER_PATHS.session(session.id);
    if (game.kind === 'SLOT') return html(reply, 200, slotPage(session, game, balance, path));
    const room = FISHING_ROOMS.find((r) => r.room === game.room);
    if (game.kind === 'FISHING' && room) return html(reply, 200, fishingPage(session, room, balance, path));
    const stream = session.catalogue === 'SPORTS_BETTING' ? PROVIDER_PATHS.streamPage(session.provider) : null;
    return html(reply, 200, lobbyPage(session, game, balance, stream));
  });

  const formOf = (request: FastifyRequest) => new URLSearchParams(rawBody(request).slice(0, 4096));

  /** Plays one round for a form; a form sent twice (same round number) plays once. */
  const playRound = (session: GameSession, form: URLSearchParams, round: () => { stake: Money; payout: Money; detail: RoundResult['detail'] } | null) => {
    if (form.get('round') !== String(session.rounds + 1)) return;
    const game = sessionGame(session);
    if (!game) return;
    const outcome = round();
    if (!outcome) return;
    const settled = store.settleRound(session.provider, {
      playerRef: session.playerRef,
      catalogue: session.catalogue,
      gameId: game.gameId,
      stake: outcome.stake,
      payout: outcome.payout,
    });
    if (!settled) return;
    session.rounds += 1;
    session.recent.unshift({ round: session.rounds, stake: outcome.stake, payout: outcome.payout, detail: outcome.detail, at: new Date() });
    session.recent.length = Math.min(session.recent.length, RECENT_ROUNDS);
  };

  app.post<{ Params: { id: string } }>('/play/s/:id/spin', async (request, reply) => {
    const session = sessions.get(request.params.id);
    if (!session || sessionGame(session)?.kind !== 'SLOT') return expired(reply);
    const form = formOf(request);
    const stake = SLOT_STAKES.find((s) => String(s) === form.get('stake'));
    playRound(session, form, () => {
      if (stake === undefined) return null;
      const { stops, payout } = spinSlot(stake);
      return { stake, payout, detail: { kind: 'SLOT', stops } };
    });
    return reply.redirect(PROVIDER_PATHS.session(session.id), 303);
  });

  app.post<{ Params: { id: string } }>('/play/s/:id/shoot', async (request, reply) => {
    const session = sessions.get(request.params.id);
    const game = session && sessionGame(session);
    const room = FISHING_ROOMS.find((r) => r.room === game?.room);
    if (!session || game?.kind !== 'FISHING' || !room) return expired(reply);
    const form = formOf(request);
    const fish = FISH_KINDS.find((f) => f.id === form.get('fish'));
    playRound(session, form, () => {
      if (!fish) return null;
      const { hit, payout } = shootFish(room.stake, fish);
      return { stake: room.stake, payout, detail: { kind: 'FISHING', fish: fish.id, hit } };
    });
    return reply.redirect(PROVIDER_PATHS.session(session.id), 303);
  });

  app.get<{ Params: { provider: string; file: string } }>('/icons/:provider/:file', async (request, reply) => {
    const { provider, file } = request.params;
    const gameId = file.endsWith('.svg') ? file.slice(0, -4) : '';
    const game = isServedProvider(provider)
      ? WireCatalogue.options.flatMap((c) => gamesOf(provider, c)).find((g) => g.gameId === gameId)
      : undefined;
    if (!game || !isServedProvider(provider)) return reply.code(404).type('text/plain; charset=utf-8').send('图标不存在');
    return reply
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('cache-control', 'public, max-age=86400')
      .header('cross-origin-resource-policy', 'cross-origin')
      .type('image/svg+xml')
      .send(gameIconSvg(provider, game));
  });

  app.get<{ Params: { provider: string } }>('/stream/:provider', async (request, reply) => {
    const { provider } = request.params;
    if (!isServedProvider(provider) || !servesCatalogue(provider, 'SPORTS_BETTING')) return html(reply, 404, messagePage('直播不存在', '该服务商没有沙箱直播。'));
    return html(reply, 200, streamPage(provider, new Date()));
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/')) return fail(request, reply, 404, 'NO_SUCH_API', '接口不存在');
    return html(reply, 404, messagePage('页面不存在', '沙箱游戏服务商没有这个页面。'));
  });

  return {
    app,
    async listen() {
      const address = await app.listen({ host: settings.host, port: settings.port });
      if (!settings.publicUrl) publicUrl = `http://${reachableHost}:${new URL(address).port}`;
      return publicUrl;
    },
    async close() {
      sleeper.wakeAll();
      await app.close();
    },
  };
}
