// The tabs of a customer's page: ledger statement, orders, autobets, sessions, login history and the
// player's own protection settings. Each list is paged, newest first, along an index that starts
// with the customer.
import type {
  CustomerAutobet,
  CustomerOrder,
  CustomerProtection,
  CustomerSession,
  LedgerLine,
  LoginRecord,
} from '../../../shared/backoffice/customers.ts';
import type { Queryable } from '../../db/pool.ts';
import { protectionStatus } from '../../protection/status.ts';
import { iso, isoOrNull } from './rows.ts';

export interface Paging {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

const offsetOf = ({ page, pageSize }: Paging) => (page - 1) * pageSize;

export async function ledgerStatement(db: Queryable, customerId: number, paging: Paging): Promise<Page<LedgerLine>> {
  const account = await db.query<{ id: number }>(`SELECT id FROM ledger_accounts WHERE customer_id = $1 AND kind = 'PLAYER_MAIN'`, [customerId]);
  const accountId = account.rows[0]?.id;
  if (accountId === undefined) return { items: [], total: 0, ...paging };
  const total = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entries WHERE account_id = $1', [accountId]);
  const rows = await db.query<{
    id: number;
    transfer_id: number;
    type: string;
    amount: number;
    balance_after: number;
    reference: string | null;
    memo: string | null;
    created_at: Date;
  }>(
    `SELECT e.id, e.transfer_id, t.type, e.amount, e.balance_after, t.reference, t.memo, e.created_at
       FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
      WHERE e.account_id = $1 ORDER BY e.id DESC LIMIT $2 OFFSET $3`,
    [accountId, paging.pageSize, offsetOf(paging)],
  );
  return {
    items: rows.rows.map((r) => ({
      entryId: r.id,
      transferId: r.transfer_id,
      type: r.type,
      amount: r.amount,
      balanceAfter: r.balance_after,
      reference: r.reference,
      memo: r.memo,
      at: iso(r.created_at),
    })),
    total: total.rows[0]!.n,
    ...paging,
  };
}

export async function customerOrders(db: Queryable, customerId: number, paging: Paging): Promise<Page<CustomerOrder>> {
  const total = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE customer_id = $1', [customerId]);
  const rows = await db.query<{
    id: number;
    draw_type: string;
    play_mode: string;
    issue_number: string;
    status: CustomerOrder['status'];
    bet_count: number;
    total_stake: number;
    payout: number;
    rebate: number;
    is_autobet: boolean;
    created_at: Date;
    settled_at: Date | null;
  }>(
    `SELECT id, draw_type, play_mode, issue_number, status, bet_count, total_stake, payout, rebate, is_autobet, created_at, settled_at
       FROM order_outcomes WHERE customer_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [customerId, paging.pageSize, offsetOf(paging)],
  );
  return {
    items: rows.rows.map((r) => ({
      id: r.id,
      drawType: r.draw_type,
      playMode: r.play_mode,
      issueNumber: r.issue_number,
      status: r.status,
      betCount: r.bet_count,
      stake: r.total_stake,
      payout: r.payout,
      rebate: r.rebate,
      autobet: r.is_autobet,
      createdAt: iso(r.created_at),
      settledAt: isoOrNull(r.settled_at),
    })),
    total: total.rows[0]!.n,
    ...paging,
  };
}

export async function customerAutobets(db: Queryable, customerId: number, paging: Paging): Promise<Page<CustomerAutobet>> {
  const total = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM autobets WHERE customer_id = $1', [customerId]);
  const rows = await db.query<{
    id: number;
    draw_type: string;
    play_mode: string;
    status: string;
    stop_on_win: boolean;
    total_planned: number;
    entries: number;
    placed: number;
    pending: number;
    created_at: Date;
    finished_at: Date | null;
  }>(
    `SELECT a.id, a.draw_type, a.play_mode, a.status, a.stop_on_win, a.total_planned, a.created_at, a.finished_at,
            count(e.id)::int AS entries, count(e.id) FILTER (WHERE e.status = 'BET')::int AS placed,
            count(e.id) FILTER (WHERE e.status = 'PENDING')::int AS pending
       FROM autobets a LEFT JOIN autobet_entries e ON e.autobet_id = a.id
      WHERE a.customer_id = $1 GROUP BY a.id ORDER BY a.id DESC LIMIT $2 OFFSET $3`,
    [customerId, paging.pageSize, offsetOf(paging)],
  );
  return {
    items: rows.rows.map((r) => ({
      id: r.id,
      drawType: r.draw_type,
      playMode: r.play_mode,
      status: r.status,
      stopOnWin: r.stop_on_win,
      totalPlanned: r.total_planned,
      entries: r.entries,
      placed: r.placed,
      pending: r.pending,
      createdAt: iso(r.created_at),
      finishedAt: isoOrNull(r.finished_at),
    })),
    total: total.rows[0]!.n,
    ...paging,
  };
}

const SESSIONS_SHOWN = 50;

export async function customerSessions(db: Queryable, customerId: number): Promise<{ items: CustomerSession[] }> {
  const rows = await db.query<{
    id: number;
    active: boolean;
    created_at: Date;
    last_seen_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
    ip: string | null;
    user_agent: string | null;
  }>(
    `SELECT id, revoked_at IS NULL AND expires_at > now() AS active, created_at, last_seen_at, expires_at, revoked_at, ip, user_agent
       FROM sessions WHERE customer_id = $1 ORDER BY (revoked_at IS NULL AND expires_at > now()) DESC, id DESC LIMIT $2`,
    [customerId, SESSIONS_SHOWN],
  );
  return {
    items: rows.rows.map((r) => ({
      id: r.id,
      active: r.active,
      createdAt: iso(r.created_at),
      lastSeenAt: iso(r.last_seen_at),
      expiresAt: iso(r.expires_at),
      revokedAt: isoOrNull(r.revoked_at),
      ip: r.ip,
      userAgent: r.user_agent,
    })),
  };
}

export async function loginHistory(db: Queryable, customerId: number, paging: Paging): Promise<Page<LoginRecord>> {
  const total = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM customer_logins WHERE customer_id = $1', [customerId]);
  const rows = await db.query<{ id: number; outcome: LoginRecord['outcome']; ip: string | null; user_agent: string | null; created_at: Date }>(
    'SELECT id, outcome, ip, user_agent, created_at FROM customer_logins WHERE customer_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3',
    [customerId, paging.pageSize, offsetOf(paging)],
  );
  return {
    items: rows.rows.map((r) => ({ id: r.id, outcome: r.outcome, ip: r.ip, userAgent: r.user_agent, at: iso(r.created_at) })),
    total: total.rows[0]!.n,
    ...paging,
  };
}

/** What the player set for themselves (limits and their use, cooling-off, self-exclusion); read-only. */
export async function customerProtection(db: Queryable, customerId: number, now: Date): Promise<CustomerProtection> {
  // No session of the player's is involved: the reality-check part of the status is left out.
  const { session: _session, ...status } = await protectionStatus(db, customerId, 0, now);
  return status;
}
