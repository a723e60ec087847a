// Searching the audit log (audit.read): by operator, action (a prefix), target, and Beijing-time days.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditListSchema, AuditQuerySchema, CORE_PATHS, type AuditItem } from '../../../shared/backoffice/auth.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import type { ServerContext } from '../../context.ts';
import { errors } from '../../http/errors.ts';

interface AuditRow {
  id: number;
  at: Date;
  operator_id: number | null;
  operator_username: string;
  operator_role: string;
  ip: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  hash: string;
}

function auditItem(row: AuditRow): AuditItem {
  return {
    id: row.id,
    at: row.at.toISOString(),
    operatorId: row.operator_id,
    operatorUsername: row.operator_username,
    role: row.operator_role,
    ip: row.ip,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    before: row.before,
    after: row.after,
    reason: row.reason,
    hash: row.hash,
  };
}

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function auditRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const pool = ctx.database.pool;
  app.withTypeProvider<ZodTypeProvider>().get(
    `${BACKOFFICE_API}${CORE_PATHS.audit}`,
    { config: { operator: { permission: 'audit.read' } }, schema: { querystring: AuditQuerySchema, response: { 200: AuditListSchema } } },
    async (request) => {
      const { operator, action, targetType, targetId, from, to, page, pageSize } = request.query;
      if (from && to && from > to) throw errors.validation('开始日期不能晚于结束日期', { from: '开始日期不能晚于结束日期' });
      const filter = [
        operator?.trim() ? operator.trim().toLowerCase() : null,
        action?.trim() ? likePrefix(action.trim()) : null,
        targetType?.trim() || null,
        targetId?.trim() || null,
        from ?? null,
        to ?? null,
      ];
      const where = `WHERE ($1::text IS NULL OR lower(l.operator_username) = $1)
          AND ($2::text IS NULL OR l.action LIKE $2)
          AND ($3::text IS NULL OR l.target_type = $3)
          AND ($4::text IS NULL OR l.target_id = $4)
          AND ($5::date IS NULL OR l.at >= ($5::date)::timestamp AT TIME ZONE 'Asia/Shanghai')
          AND ($6::date IS NULL OR l.at < ($6::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')`;
      const [rows, total] = await Promise.all([
        pool.query<AuditRow>(
          `SELECT l.id, l.at, l.operator_id, l.operator_username, l.operator_role, l.ip, l.action, l.target_type, l.target_id,
                  l.before, l.after, l.reason, l.hash
             FROM operator_audit_log l ${where} ORDER BY l.id DESC LIMIT $7 OFFSET $8`,
          [...filter, pageSize, (page - 1) * pageSize],
        ),
        pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM operator_audit_log l ${where}`, filter),
      ]);
      return { items: rows.rows.map(auditItem), total: total.rows[0]!.n, page, pageSize };
    },
  );
}
