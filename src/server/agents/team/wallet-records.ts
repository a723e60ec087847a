// Members' deposits, withdrawals and team transfers (issue 19 item 5), read from the wallet tables and
// scoped by the closure table: a record is in the caller's team when its member is. A transfer's member
// is the receiver, so the caller's own transfers and those of its sub-agents are all included.
import type pg from 'pg';
import type { z } from 'zod';
import type { WalletRecordKind, WalletRecordList, WalletRecordQuerySchema } from '../../../shared/api/agent-team.ts';
import type { PaymentStatus } from '../../../shared/enums.ts';
import { DEPOSIT_STATUS_TEXT, PAYMENT_STATUS_TEXT } from '../../../shared/wallet/payment-status.ts';
import { teamIds } from '../tree.ts';

type RecordQuery = z.output<typeof WalletRecordQuerySchema>;

interface Source {
  /** A SELECT of (id, reference, member_id, from_id, amount, status, created_at) named `r`. */
  rows: string;
  statusText: Record<PaymentStatus, string>;
}

const SOURCES: Record<WalletRecordKind, Source> = {
  DEPOSIT: {
    rows: 'SELECT id, reference, customer_id AS member_id, NULL::bigint AS from_id, amount, status, created_at FROM deposits',
    statusText: DEPOSIT_STATUS_TEXT,
  },
  WITHDRAWAL: {
    rows: 'SELECT id, reference, customer_id AS member_id, NULL::bigint AS from_id, amount, status, created_at FROM withdrawals',
    statusText: PAYMENT_STATUS_TEXT,
  },
  TRANSFER: {
    rows: `SELECT id, reference, member_id, agent_id AS from_id, amount, 'SUCCESS'::text AS status, created_at FROM agent_transfers`,
    statusText: { ...PAYMENT_STATUS_TEXT, SUCCESS: '已到账' },
  },
};

export async function listWalletRecords(db: pg.Pool, agentId: number, query: RecordQuery): Promise<WalletRecordList> {
  const source = SOURCES[query.kind];
  const params: unknown[] = [agentId];
  const where = [`r.member_id IN (${teamIds(1, 'all')})`];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (query.username) add('r.member_id = (SELECT id FROM customers WHERE username_key = ?)', query.username.toLowerCase());
  if (query.from) add(`r.created_at >= (?::date)::timestamp AT TIME ZONE 'Asia/Shanghai'`, query.from);
  if (query.to) add(`r.created_at < ((?::date) + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'`, query.to);
  const filter = where.join(' AND ');
  const totals = await db.query<{ n: number; amount: number }>(
    `SELECT count(*)::int AS n, coalesce(sum(r.amount), 0)::bigint AS amount FROM (${source.rows}) r WHERE ${filter}`,
    params,
  );
  const rows = await db.query<{ id: number; reference: string; username: string; from_username: string | null; amount: number; status: PaymentStatus; created_at: Date }>(
    `SELECT r.id, r.reference, m.username, f.username AS from_username, r.amount, r.status, r.created_at
       FROM (${source.rows}) r JOIN customers m ON m.id = r.member_id LEFT JOIN customers f ON f.id = r.from_id
      WHERE ${filter} ORDER BY r.created_at DESC, r.id DESC
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
    params,
  );
  return {
    items: rows.rows.map((r) => ({
      id: r.id,
      kind: query.kind,
      reference: r.reference,
      username: r.username,
      fromUsername: r.from_username,
      amount: r.amount,
      status: r.status,
      statusText: source.statusText[r.status],
      createdAt: r.created_at.getTime(),
    })),
    total: totals.rows[0]!.n,
    page: query.page,
    pageSize: query.pageSize,
    totalAmount: totals.rows[0]!.amount,
  };
}
