// The operators admin (operators.manage): list, create, change role, disable / enable, reset the
// password or the second factor, list and end sessions. Every write is audited. An operator cannot
// change, disable or reset itself, and the last enabled super administrator stays one.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import {
  ChangeRoleBodySchema,
  CORE_PATHS,
  CreatedOperatorSchema,
  CreateOperatorBodySchema,
  OkSchema,
  OperatorIdParamsSchema,
  OperatorListQuerySchema,
  OperatorListSchema,
  OperatorResponseSchema,
  OperatorSessionListSchema,
  OperatorSessionParamsSchema,
  ReasonBodySchema,
  ResetPasswordBodySchema,
  ResetPasswordResponseSchema,
  SetDisabledBodySchema,
} from '../../../shared/backoffice/auth.ts';
import type { OperatorRole } from '../../../shared/backoffice/permissions.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import type { ServerContext } from '../../context.ts';
import { errors } from '../../http/errors.ts';
import { hashPassword } from '../../session/passwords.ts';
import { noPermission } from './access.ts';
import { operatorOf, withOperatorWrite } from './implementation.ts';
import { generatePassword, insertOperator, operatorListColumns, operatorListItem, type OperatorListRow } from './operators.ts';
import { deleteRecoveryCodes } from './recovery-codes.ts';
import { PENDING_STAGE_MS, revokeOperatorSessions } from './sessions.ts';

const path = (p: string) => `${BACKOFFICE_API}${p}`;
const manage = { operator: { permission: 'operators.manage' } } as const;
const OPERATOR_NOT_FOUND = '操作员不存在';

interface TargetRow {
  id: number;
  username: string;
  role: OperatorRole;
  disabled_at: Date | null;
  enrolled_at: Date | null;
}

/** The target operator, locked for the write; 404 when there is none, 403 when it is the caller. */
async function lockTarget(client: pg.PoolClient, id: number, selfId: number, selfMessage: string): Promise<TargetRow> {
  const found = await client.query<TargetRow>('SELECT id, username, role, disabled_at, enrolled_at FROM operators WHERE id = $1 FOR UPDATE', [id]);
  const row = found.rows[0];
  if (!row) throw errors.notFound(OPERATOR_NOT_FOUND);
  if (row.id === selfId) throw noPermission(selfMessage);
  return row;
}

/**
 * Locks every enabled super administrator's row, always first and in id order (two administrators
 * demoting each other at once then queue instead of deadlocking), and returns their ids.
 */
async function lockSuperAdmins(client: pg.PoolClient): Promise<number[]> {
  const admins = await client.query<{ id: number }>("SELECT id FROM operators WHERE role = 'SUPER_ADMIN' AND disabled_at IS NULL ORDER BY id FOR UPDATE");
  return admins.rows.map((row) => row.id);
}

/** Refuses to take away the last enabled super administrator (`admins` from lockSuperAdmins). */
function keepOneSuperAdmin(admins: readonly number[], target: TargetRow): void {
  if (target.role !== 'SUPER_ADMIN' || target.disabled_at) return;
  if (!admins.some((id) => id !== target.id)) throw errors.conflict('至少需要保留一名启用中的超级管理员');
}

export async function operatorRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const pool = ctx.database.pool;
  const { idleMs, absoluteMs } = ctx.config.operators;
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function listItem(db: pg.PoolClient | pg.Pool, id: number) {
    const found = await db.query<OperatorListRow>(`SELECT ${operatorListColumns(2, 3)} FROM operators o WHERE o.id = $1`, [id, idleMs, absoluteMs]);
    const row = found.rows[0];
    if (!row) throw errors.notFound(OPERATOR_NOT_FOUND);
    return operatorListItem(row);
  }

  r.get(path(CORE_PATHS.operators), { config: manage, schema: { querystring: OperatorListQuerySchema, response: { 200: OperatorListSchema } } }, async (request) => {
    const { q, role, page, pageSize } = request.query;
    const search = q?.trim() ? `%${q.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = `($4::text IS NULL OR lower(o.username) LIKE $4 OR lower(o.display_name) LIKE $4) AND ($5::text IS NULL OR o.role = $5)`;
    const [items, total] = await Promise.all([
      pool.query<OperatorListRow>(`SELECT ${operatorListColumns(2, 3)} FROM operators o WHERE ${where} ORDER BY o.id LIMIT $1 OFFSET $6`, [
        pageSize,
        idleMs,
        absoluteMs,
        search,
        role ?? null,
        (page - 1) * pageSize,
      ]),
      pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM operators o WHERE ($1::text IS NULL OR lower(o.username) LIKE $1 OR lower(o.display_name) LIKE $1) AND ($2::text IS NULL OR o.role = $2)`, [
        search,
        role ?? null,
      ]),
    ]);
    return { items: items.rows.map(operatorListItem), total: total.rows[0]!.n, page, pageSize };
  });

  r.get(path(CORE_PATHS.operator), { config: manage, schema: { params: OperatorIdParamsSchema, response: { 200: OperatorResponseSchema } } }, async (request) => ({
    operator: await listItem(pool, request.params.id),
  }));

  r.post(path(CORE_PATHS.operators), { config: manage, schema: { body: CreateOperatorBodySchema, response: { 200: CreatedOperatorSchema } } }, async (request) => {
    const { username, displayName, role } = request.body;
    const password = request.body.password ?? generatePassword();
    return withOperatorWrite(ctx, request, async (client, audit) => {
      const id = await insertOperator(client, { username: username.trim(), displayName: displayName.trim(), role, password });
      await audit({ action: 'operator.create', targetType: 'operator', targetId: id, before: null, after: { username, displayName, role } });
      return { operator: await listItem(client, id), initialPassword: password };
    });
  });

  r.put(
    path(CORE_PATHS.operatorRole),
    { config: manage, schema: { params: OperatorIdParamsSchema, body: ChangeRoleBodySchema, response: { 200: OperatorResponseSchema } } },
    async (request) => {
      const { role, reason } = request.body;
      return withOperatorWrite(ctx, request, async (client, audit) => {
        const admins = await lockSuperAdmins(client);
        const target = await lockTarget(client, request.params.id, operatorOf(request).id, '不能修改自己的角色');
        if (target.role !== role) keepOneSuperAdmin(admins, target);
        await client.query('UPDATE operators SET role = $2 WHERE id = $1', [target.id, role]);
        await audit({ action: 'operator.role', targetType: 'operator', targetId: target.id, before: { role: target.role }, after: { role }, reason });
        return { operator: await listItem(client, target.id) };
      });
    },
  );

  r.put(
    path(CORE_PATHS.operatorDisabled),
    { config: manage, schema: { params: OperatorIdParamsSchema, body: SetDisabledBodySchema, response: { 200: OperatorResponseSchema } } },
    async (request) => {
      const { disabled, reason } = request.body;
      return withOperatorWrite(ctx, request, async (client, audit) => {
        const admins = await lockSuperAdmins(client);
        const target = await lockTarget(client, request.params.id, operatorOf(request).id, '不能停用自己的账号');
        if (disabled) {
          keepOneSuperAdmin(admins, target);
          await client.query('UPDATE operators SET disabled_at = coalesce(disabled_at, now()) WHERE id = $1', [target.id]);
          await revokeOperatorSessions(client, target.id);
        } else {
          await client.query('UPDATE operators SET disabled_at = NULL, failed_attempts = 0, locked_until = NULL WHERE id = $1', [target.id]);
        }
        await audit({
          action: disabled ? 'operator.disable' : 'operator.enable',
          targetType: 'operator',
          targetId: target.id,
          before: { disabled: target.disabled_at !== null },
          after: { disabled },
          reason,
        });
        return { operator: await listItem(client, target.id) };
      });
    },
  );

  r.put(
    path(CORE_PATHS.operatorPassword),
    { config: manage, schema: { params: OperatorIdParamsSchema, body: ResetPasswordBodySchema, response: { 200: ResetPasswordResponseSchema } } },
    async (request) => {
      const password = request.body.password ?? generatePassword();
      const passwordHash = await hashPassword(password);
      return withOperatorWrite(ctx, request, async (client, audit) => {
        const target = await lockTarget(client, request.params.id, operatorOf(request).id, '不能在这里重置自己的密码');
        await client.query('UPDATE operators SET password_hash = $2, failed_attempts = 0, locked_until = NULL WHERE id = $1', [target.id, passwordHash]);
        const ended = await revokeOperatorSessions(client, target.id);
        await audit({ action: 'operator.password_reset', targetType: 'operator', targetId: target.id, before: null, after: { sessionsEnded: ended }, reason: request.body.reason });
        return { password };
      });
    },
  );

  r.post(
    path(CORE_PATHS.operatorSecondFactor),
    { config: manage, schema: { params: OperatorIdParamsSchema, body: ReasonBodySchema, response: { 200: OperatorResponseSchema } } },
    async (request) =>
      withOperatorWrite(ctx, request, async (client, audit) => {
        const target = await lockTarget(client, request.params.id, operatorOf(request).id, '不能重置自己的动态验证码');
        await client.query('UPDATE operators SET totp_secret = NULL, enrolled_at = NULL, totp_last_step = NULL WHERE id = $1', [target.id]);
        await deleteRecoveryCodes(client, target.id);
        const ended = await revokeOperatorSessions(client, target.id);
        await audit({
          action: 'operator.second_factor_reset',
          targetType: 'operator',
          targetId: target.id,
          before: { enrolled: target.enrolled_at !== null },
          after: { enrolled: false, sessionsEnded: ended },
          reason: request.body.reason,
        });
        return { operator: await listItem(client, target.id) };
      }),
  );

  r.get(
    path(CORE_PATHS.operatorSessions),
    { config: manage, schema: { params: OperatorIdParamsSchema, response: { 200: OperatorSessionListSchema } } },
    async (request) => {
      await listItem(pool, request.params.id);
      const current = operatorOf(request).sessionId;
      const sessions = await pool.query<{ id: number; stage: 'SECOND_FACTOR' | 'ENROLMENT' | 'ACTIVE'; created_at: Date; last_seen_at: Date; ip: string | null; user_agent: string | null }>(
        `SELECT id, stage, created_at, last_seen_at, ip, user_agent FROM operator_sessions
          WHERE operator_id = $1 AND revoked_at IS NULL
            AND CASE WHEN stage = 'ACTIVE'
                     THEN last_seen_at > now() - make_interval(secs => $2 / 1000.0) AND created_at > now() - make_interval(secs => $3 / 1000.0)
                     ELSE created_at > now() - make_interval(secs => $4 / 1000.0) END
          ORDER BY id DESC LIMIT 100`,
        [request.params.id, idleMs, absoluteMs, PENDING_STAGE_MS],
      );
      return {
        items: sessions.rows.map((row) => ({
          id: row.id,
          stage: row.stage,
          createdAt: row.created_at.toISOString(),
          lastSeenAt: row.last_seen_at.toISOString(),
          ip: row.ip,
          userAgent: row.user_agent,
          current: row.id === current,
        })),
      };
    },
  );

  r.post(
    path(CORE_PATHS.operatorSessionRevoke),
    { config: manage, schema: { params: OperatorSessionParamsSchema, body: ReasonBodySchema, response: { 200: OkSchema } } },
    async (request) =>
      withOperatorWrite(ctx, request, async (client, audit) => {
        const { id, sessionId } = request.params;
        const revoked = await client.query<{ stage: string }>(
          'UPDATE operator_sessions SET revoked_at = now() WHERE id = $1 AND operator_id = $2 AND revoked_at IS NULL RETURNING stage',
          [sessionId, id],
        );
        if (!revoked.rows[0]) throw errors.notFound('会话不存在或已结束');
        await audit({ action: 'operator.session_revoke', targetType: 'operator_session', targetId: sessionId, before: { operatorId: id, revoked: false }, after: { revoked: true }, reason: request.body.reason });
        return { ok: true as const };
      }),
  );
}
