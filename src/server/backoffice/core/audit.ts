// The operator audit log: rows are inserted, never changed (database triggers refuse UPDATE, DELETE
// and TRUNCATE), and chained by the database (operator_audit_chain in migration 0015): each row's
// hash covers its canonical serialisation, which includes the previous row's hash.
import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/pool.ts';
import type { AuditEntry } from './api.ts';

/** Who an audit row names: an operator, or the command line. */
export interface AuditActor {
  id: number | null;
  username: string;
  role: string;
  ip: string | null;
}

export const SYSTEM_ACTOR: AuditActor = { id: null, username: 'system', role: 'SYSTEM', ip: null };

/** JSON as jsonb will hold it: undefined dropped, dates as ISO text; null for nothing. */
function asJson(value: unknown): string | null {
  if (value === undefined) return null;
  return JSON.stringify(value) ?? null;
}

export async function insertAuditRows(db: Queryable, actor: AuditActor, entries: readonly AuditEntry[]): Promise<void> {
  for (const entry of entries) {
    await db.query(
      `INSERT INTO operator_audit_log
         (operator_id, operator_username, operator_role, ip, action, target_type, target_id, before, after, reason, prev_hash, hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10, '', '')`,
      [
        actor.id,
        actor.username,
        actor.role,
        actor.ip,
        entry.action,
        entry.targetType,
        entry.targetId === null ? null : String(entry.targetId),
        asJson(entry.before),
        asJson(entry.after),
        entry.reason ?? null,
      ],
    );
  }
}

export const GENESIS_HASH = '0'.repeat(64);

export type ChainVerdict =
  | { ok: true; count: number; lastHash: string }
  | { ok: false; count: number; brokenId: number; problem: string };

/**
 * Walks the chain in id order (the commit order): each row's prev_hash must be the hash of the row
 * before it, and its hash must be the SHA-256 of its canonical serialisation. Names the first row
 * that breaks either.
 */
export async function verifyAuditChain(db: Queryable, batch = 5_000): Promise<ChainVerdict> {
  let previous = GENESIS_HASH;
  let afterId = 0;
  let count = 0;
  for (;;) {
    const rows = await db.query<{ id: number; prev_hash: string; hash: string; canonical: string }>(
      `SELECT l.id, l.prev_hash, l.hash, operator_audit_canonical(l) AS canonical
         FROM operator_audit_log l WHERE l.id > $1 ORDER BY l.id LIMIT $2`,
      [afterId, batch],
    );
    for (const row of rows.rows) {
      if (row.prev_hash !== previous) {
        return { ok: false, count, brokenId: row.id, problem: '上一条记录的哈希不符（记录被删除、插入或改动）' };
      }
      const expected = createHash('sha256').update(row.canonical, 'utf8').digest('hex');
      if (row.hash !== expected) return { ok: false, count, brokenId: row.id, problem: '记录内容与其哈希不符（记录被改动）' };
      previous = row.hash;
      afterId = row.id;
      count += 1;
    }
    if (rows.rows.length < batch) return { ok: true, count, lastHash: previous };
  }
}
