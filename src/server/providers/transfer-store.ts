// Rows of `provider_transfers` and their resolution history (`provider_transfer_events`).
import type { Money } from '../../shared/money.ts';
import type { Transfer } from '../../shared/api/third-party.ts';
import type { ThirdPartyProvider } from '../../shared/enums.ts';
import type { Queryable } from '../db/pool.ts';
import type { Direction } from './transfer-ledger.ts';

export type TransferStatus = 'PENDING' | 'SUCCESS' | 'FAILED' | 'IN_DOUBT';
export type TransferOrigin = 'PLAYER' | 'RECALL' | 'LAUNCH';

export interface TransferRow {
  id: number;
  reference: string;
  customer_id: number;
  provider: ThirdPartyProvider;
  direction: Direction;
  amount: Money;
  request_key: string;
  origin: TransferOrigin;
  status: TransferStatus;
  pending_transfer_id: number | null;
  last_error: string | null;
  checks: number;
  next_check_at: Date | null;
  created_at: Date;
  resolved_at: Date | null;
}

export const isOpen = (row: Pick<TransferRow, 'status'>) => row.status === 'PENDING' || row.status === 'IN_DOUBT';

export async function transferById(db: Queryable, id: number, lock = false): Promise<TransferRow | null> {
  const found = await db.query<TransferRow>(`SELECT * FROM provider_transfers WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return found.rows[0] ?? null;
}

export async function recordEvent(db: Queryable, transferId: number, actor: string, outcome: string, detail: string | null = null): Promise<void> {
  await db.query('INSERT INTO provider_transfer_events (transfer_id, actor, outcome, detail) VALUES ($1, $2, $3, $4)', [
    transferId,
    actor,
    outcome,
    detail === null ? null : detail.slice(0, 500),
  ]);
}

export function transferView(row: TransferRow): Transfer {
  return {
    id: String(row.id),
    provider: row.provider,
    direction: row.direction,
    amount: row.amount,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    resolvedAt: row.resolved_at?.toISOString() ?? null,
  };
}
