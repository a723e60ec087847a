// The transfer queue and one transfer with its resolution history, for operators.
import type pg from 'pg';
import type { z } from 'zod';
import type { AdminTransfer, AdminTransferQuerySchema } from '../../../shared/backoffice/providers.ts';
import type { TransferRow } from '../../providers/transfer-store.ts';
import { isMismatch } from '../../providers/transfers.ts';

const PAGE_SIZE = 20;

type Row = TransferRow & { username: string };

const view = (row: Row): AdminTransfer => ({
  id: row.id,
  reference: row.reference,
  customerId: row.customer_id,
  username: row.username,
  provider: row.provider,
  direction: row.direction,
  amount: row.amount,
  origin: row.origin,
  status: row.status,
  checks: row.checks,
  nextCheckAt: row.next_check_at?.toISOString() ?? null,
  lastError: row.last_error,
  needsManual: (row.status === 'PENDING' || row.status === 'IN_DOUBT') && isMismatch(row),
  createdAt: row.created_at.toISOString(),
  resolvedAt: row.resolved_at?.toISOString() ?? null,
});

export async function adminTransferList(db: pg.Pool, query: z.output<typeof AdminTransferQuerySchema>) {
  const statuses = query.status === undefined ? null : query.status === 'OPEN' ? ['PENDING', 'IN_DOUBT'] : [query.status];
  const where = '($1::text[] IS NULL OR t.status = ANY($1::text[])) AND ($2::text IS NULL OR t.provider = $2)';
  const values = [statuses, query.provider ?? null];
  const count = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM provider_transfers t WHERE ${where}`, values);
  const rows = await db.query<Row>(
    `SELECT t.*, c.username FROM provider_transfers t JOIN customers c ON c.id = t.customer_id
      WHERE ${where} ORDER BY (t.status IN ('PENDING', 'IN_DOUBT')) DESC, t.id DESC LIMIT ${PAGE_SIZE} OFFSET $3`,
    [...values, (query.page - 1) * PAGE_SIZE],
  );
  return { items: rows.rows.map(view), page: query.page, totalPages: Math.max(1, Math.ceil(count.rows[0]!.total / PAGE_SIZE)) };
}

export async function adminTransferDetail(db: pg.Pool, id: number) {
  const found = await db.query<Row>('SELECT t.*, c.username FROM provider_transfers t JOIN customers c ON c.id = t.customer_id WHERE t.id = $1', [id]);
  const row = found.rows[0];
  if (!row) return null;
  const events = await db.query<{ at: Date; actor: string; outcome: string; detail: string | null }>(
    'SELECT at, actor, outcome, detail FROM provider_transfer_events WHERE transfer_id = $1 ORDER BY id',
    [id],
  );
  return { transfer: view(row), events: events.rows.map((e) => ({ at: e.at.toISOString(), actor: e.actor, outcome: e.outcome, detail: e.detail })) };
}
