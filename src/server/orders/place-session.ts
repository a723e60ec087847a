// The sessions of the order route, remembered for a few seconds so that a bet costs one statement
// instead of two (the session lookup, then the placement).
//
// Only POST /ajax/orders reads this cache, and it never trusts it: the placement statement itself
// checks, in its transaction, that the session is still live (not revoked, not expired, this token's,
// this customer's) and that the customer's prize group is the one the order was priced with
// (place_orders, step 0). When it is not, nothing has been written; the route forgets the entry, resolves the
// session the ordinary way (requireAccess's lookup, which also slides the idle expiry) and places the
// order again. So a revoked session places nothing, exactly as before — nor does a frozen customer's:
// a freeze revokes every session of the customer in its own transaction, and the ordinary lookup then
// answers with the freeze (session/frozen.ts). The short lifetime bounds how long a busy session goes
// without its idle expiry being slid (the ordinary lookup does it at most every five minutes anyway).
import type { SessionRecord } from '../session/store.ts';
import { hashToken } from '../session/tokens.ts';

/** A session the route took from its cache: the placement statement checks it is still live. */
export interface CachedSession {
  sessionId: number;
  tokenHash: Buffer;
}

const LIFETIME_MS = 5_000;
const MAX_ENTRIES = 20_000;

export interface PlacementSession extends CachedSession {
  customerId: number;
  prizeGroup: number;
}

interface Entry {
  session: PlacementSession;
  until: number;
}

export class PlacementSessions {
  private readonly entries = new Map<string, Entry>();

  get(token: string, now = Date.now()): PlacementSession | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.session;
  }

  remember(token: string, record: SessionRecord, now = Date.now()): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(token, {
      session: {
        sessionId: record.sessionId,
        tokenHash: hashToken(token),
        customerId: record.customer.id,
        prizeGroup: record.customer.prize_group,
      },
      until: now + LIFETIME_MS,
    });
  }

  forget(token: string): void {
    this.entries.delete(token);
  }
}
