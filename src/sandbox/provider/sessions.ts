// Player access to the game pages, without cookies (the platform and the sandbox may share a host, and
// cookies ignore the port): the launch URL carries a short-lived token signed with a key of this process;
// opening it once starts a game session whose random id is in the page URLs from then on.
import { createHmac, randomBytes } from 'node:crypto';
import type { ThirdPartyProvider } from '../../shared/enums.ts';
import { sameSignature } from '../../server/payments/signing.ts';
import type { ProviderCatalogue } from '../../server/providers/adapter.ts';

export interface LaunchClaims {
  provider: ThirdPartyProvider;
  playerRef: string;
  catalogue: ProviderCatalogue;
  gameId: string;
  room: string | null;
  device: 'MOBILE' | 'DESKTOP';
  returnUrl: string;
}

export interface RoundResult {
  round: number;
  stake: number;
  payout: number;
  /** Slot: the stops of the three reels; fishing: the fish aimed at and whether it was hit. */
  detail: { kind: 'SLOT'; stops: number[] } | { kind: 'FISHING'; fish: string; hit: boolean };
  at: Date;
}

export interface GameSession extends LaunchClaims {
  id: string;
  /** The number of rounds played; a form carries the next one, so a form sent twice plays once. */
  rounds: number;
  recent: RoundResult[];
  lastSeen: number;
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

export class SessionBook {
  private readonly key = randomBytes(32);
  private readonly usedTokens = new Map<string, number>();
  private readonly sessions = new Map<string, GameSession>();

  constructor(
    private readonly launchTtlMs: number,
    private readonly idleMs: number,
  ) {}

  issueToken(claims: LaunchClaims, now = Date.now()): string {
    const payload = b64(JSON.stringify({ ...claims, jti: randomBytes(9).toString('base64url'), exp: now + this.launchTtlMs }));
    return `${payload}.${this.mac(payload)}`;
  }

  /** A new session for a valid, unexpired, unused token; null otherwise. */
  open(token: string, now = Date.now()): GameSession | null {
    this.prune(now);
    if (token.length > 4000) return null;
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined || !sameSignature(this.mac(payload), mac)) return null;
    let claims: LaunchClaims & { jti: string; exp: number };
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
    } catch {
      return null;
    }
    if (typeof claims.exp !== 'number' || claims.exp < now || this.usedTokens.has(claims.jti)) return null;
    this.usedTokens.set(claims.jti, claims.exp);
    const { jti: _jti, exp: _exp, ...launch } = claims;
    const session: GameSession = { ...launch, id: randomBytes(18).toString('base64url'), rounds: 0, recent: [], lastSeen: now };
    this.sessions.set(session.id, session);
    return session;
  }

  get(id: string, now = Date.now()): GameSession | null {
    const session = this.sessions.get(id);
    if (!session || now - session.lastSeen > this.idleMs) return null;
    session.lastSeen = now;
    return session;
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  private prune(now: number): void {
    for (const [jti, exp] of this.usedTokens) if (exp < now) this.usedTokens.delete(jti);
    for (const [id, session] of this.sessions) if (now - session.lastSeen > this.idleMs) this.sessions.delete(id);
  }
}
