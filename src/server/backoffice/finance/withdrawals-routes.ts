// The back office's withdrawal audit (/ajax/backoffice/finance/withdrawals…, issue 17 item 5): the
// queue, a request's detail, claim / release / approve / reject, asking the gateway again about a
// payout in doubt, and the withdrawal settings. Every write runs in withOperatorWrite with its audit
// row; the decisions themselves are conditional status changes (wallet/withdrawals/decisions.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import {
  ApproveWithdrawalBodySchema,
  ApproveWithdrawalResponseSchema,
  FINANCE_WITHDRAWAL_PATHS,
  LARGE_WITHDRAWAL_APPROVAL,
  RejectWithdrawalBodySchema,
  UpdateWithdrawalSettingsBodySchema,
  WithdrawalActionResponseSchema,
  WithdrawalDetailSchema,
  WithdrawalIdParamsSchema,
  WithdrawalQueueQuerySchema,
  WithdrawalQueueSchema,
  WithdrawalSettingsSchema,
  withdrawalSettingsProblem,
} from '../../../shared/backoffice/finance-withdrawals.ts';
import { roleHas, type Permission } from '../../../shared/backoffice/permissions.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import type { ServerContext } from '../../context.ts';
import { errors } from '../../http/errors.ts';
import { noPermission } from '../core/access.ts';
import { operatorOf, registerApprovalKind, requestApproval, withOperatorWrite, type ApprovalOutcome } from '../core/api.ts';
import { approve as approveRequest, reject as rejectRequest } from '../core/approvals.ts';
import { claimWithdrawal, NOT_FOUND, passAudit, rejectWithdrawal, releaseWithdrawal } from '../../wallet/withdrawals/decisions.ts';
import { resolvePayouts } from '../../wallet/withdrawals/payouts.ts';
import { publishLater } from '../../wallet/withdrawals/publish.ts';
import { payoutLoopOf } from '../../wallet/withdrawals/routes.ts';
import { loadWithdrawalSettings, saveWithdrawalSettings } from '../../wallet/withdrawals/settings.ts';
import { withdrawalById, type WithdrawalRow } from '../../wallet/withdrawals/store.ts';
import { largeWithdrawalApproval } from './withdrawals-approval.ts';
import { queueItemById, withdrawalDetail, withdrawalQueue } from './withdrawals-queue.ts';

const path = (p: string) => `${BACKOFFICE_API}${p}`;
const rule = (permission: Permission) => ({ operator: { permission } });
const byId = (template: (id: number) => string) => path(template(0).replace(/\/0(\/|$)/, '/:id$1'));

let kindRegistered = false;

async function existing(client: pg.PoolClient, id: number): Promise<WithdrawalRow> {
  const row = await withdrawalById(client, id);
  if (!row) throw errors.notFound(NOT_FOUND);
  return row;
}

export async function financeWithdrawalRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  if (!kindRegistered) {
    registerApprovalKind(largeWithdrawalApproval);
    kindRegistered = true;
  }
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const params = WithdrawalIdParamsSchema;
  const action = { params, response: { 200: WithdrawalActionResponseSchema } };

  r.get(
    path(FINANCE_WITHDRAWAL_PATHS.queue),
    { config: rule('finance.withdrawals.read'), schema: { querystring: WithdrawalQueueQuerySchema, response: { 200: WithdrawalQueueSchema } } },
    async (request) => withdrawalQueue(pool, request.query, operatorOf(request).id),
  );

  r.get(
    byId(FINANCE_WITHDRAWAL_PATHS.withdrawal),
    { config: rule('finance.withdrawals.read'), schema: { params, response: { 200: WithdrawalDetailSchema } } },
    async (request) => withdrawalDetail(pool, request.params.id),
  );

  r.post(byId(FINANCE_WITHDRAWAL_PATHS.claim), { config: rule('finance.withdrawals.audit'), schema: action }, async (request) => {
    const operator = operatorOf(request);
    const id = request.params.id;
    const row = await withOperatorWrite(ctx, request, async (client, audit) => {
      const claimed = await claimWithdrawal(client, id, operator);
      await audit({ action: 'withdrawal.claim', targetType: 'withdrawal', targetId: id, before: { status: 'AUTO_AUDIT_FAILED' }, after: { status: claimed.status } });
      return claimed;
    });
    publishLater(ctx, row);
    return { withdrawal: await queueItemById(pool, id) };
  });

  r.post(byId(FINANCE_WITHDRAWAL_PATHS.release), { config: rule('finance.withdrawals.audit'), schema: action }, async (request) => {
    const operator = operatorOf(request);
    const id = request.params.id;
    const row = await withOperatorWrite(ctx, request, async (client, audit) => {
      const released = await releaseWithdrawal(client, id, operator);
      await audit({ action: 'withdrawal.release', targetType: 'withdrawal', targetId: id, before: { status: 'AUDITING' }, after: { status: released.status } });
      return released;
    });
    publishLater(ctx, row);
    return { withdrawal: await queueItemById(pool, id) };
  });

  r.post(
    byId(FINANCE_WITHDRAWAL_PATHS.approve),
    { config: rule('finance.withdrawals.audit'), schema: { params, body: ApproveWithdrawalBodySchema, response: { 200: ApproveWithdrawalResponseSchema } } },
    async (request) => {
      const operator = operatorOf(request);
      const id = request.params.id;
      const reason = request.body.reason.trim();
      let second: ApprovalOutcome | undefined;
      const result = await withOperatorWrite(ctx, request, async (client, audit) => {
        const before = await existing(client, id);
        if (before.status === 'WAITING_FOR_AUDIT' && before.approval_id !== null) {
          // The second approver: the core's approval decides (a different operator, with the approve permission).
          if (!roleHas(operator.role, 'finance.withdrawals.approve')) throw noPermission();
          second = await approveRequest(ctx, client, audit, operator, before.approval_id, reason);
          return { row: null, approvalId: before.approval_id };
        }
        const settings = await loadWithdrawalSettings(client);
        const needsSecond = before.amount >= settings.largeAmountThreshold;
        const passed = await passAudit(client, id, operator, needsSecond, reason);
        let approvalId: number | null = null;
        if (needsSecond) {
          const payload = { withdrawalId: id, reference: passed.reference, username: await usernameOf(client, passed.customer_id), amount: passed.amount };
          approvalId = (await requestApproval(client, audit, operator, LARGE_WITHDRAWAL_APPROVAL, payload, reason)).id;
          await client.query('UPDATE withdrawals SET approval_id = $2 WHERE id = $1', [id, approvalId]);
        }
        await audit({
          action: 'withdrawal.approve',
          targetType: 'withdrawal',
          targetId: id,
          before: { status: before.status },
          after: { status: passed.status, approvalId },
          reason,
        });
        return { row: passed, approvalId };
      });
      if (second?.afterCommit) await second.afterCommit().catch((error: unknown) => request.log.error({ err: error }, 'approval afterCommit failed'));
      if (result.row) {
        publishLater(ctx, result.row);
        if (result.row.status === 'SUBMITTED') payoutLoopOf(ctx)?.nudge();
      }
      return { withdrawal: await queueItemById(pool, id), approvalId: result.approvalId };
    },
  );

  r.post(
    byId(FINANCE_WITHDRAWAL_PATHS.reject),
    { config: rule('finance.withdrawals.audit'), schema: { params, body: RejectWithdrawalBodySchema, response: { 200: WithdrawalActionResponseSchema } } },
    async (request) => {
      const operator = operatorOf(request);
      const id = request.params.id;
      const reason = request.body.reason.trim();
      const row = await withOperatorWrite(ctx, request, async (client, audit) => {
        const before = await existing(client, id);
        let rejected: WithdrawalRow;
        if (before.status === 'WAITING_FOR_AUDIT' && before.approval_id !== null) {
          if (!roleHas(operator.role, 'finance.withdrawals.approve')) throw noPermission();
          await rejectRequest(client, audit, operator, before.approval_id, reason);
          rejected = await rejectWithdrawal(client, id, operator, 'WAITING_FOR_AUDIT', reason);
        } else {
          rejected = await rejectWithdrawal(client, id, operator, 'AUDITING', reason);
        }
        await audit({ action: 'withdrawal.reject', targetType: 'withdrawal', targetId: id, before: { status: before.status }, after: { status: rejected.status }, reason });
        return rejected;
      });
      publishLater(ctx, row);
      return { withdrawal: await queueItemById(pool, id) };
    },
  );

  r.post(byId(FINANCE_WITHDRAWAL_PATHS.recheck), { config: rule('finance.withdrawals.audit'), schema: action }, async (request) => {
    const id = request.params.id;
    await withOperatorWrite(ctx, request, async (client, audit) => {
      const row = await existing(client, id);
      if (row.status !== 'SUBMITTED' || !['SENT', 'IN_DOUBT'].includes(row.payout_state)) throw errors.conflict('该提现单没有待确认的出款');
      await audit({ action: 'withdrawal.recheck', targetType: 'withdrawal', targetId: id, before: { payoutState: row.payout_state }, after: null });
    });
    await resolvePayouts(ctx, { ids: [id] });
    return { withdrawal: await queueItemById(pool, id) };
  });

  r.get(
    path(FINANCE_WITHDRAWAL_PATHS.settings),
    { config: rule('finance.settings.read'), schema: { response: { 200: WithdrawalSettingsSchema } } },
    async () => loadWithdrawalSettings(pool),
  );

  r.put(
    path(FINANCE_WITHDRAWAL_PATHS.settings),
    { config: rule('finance.settings.manage'), schema: { body: UpdateWithdrawalSettingsBodySchema, response: { 200: WithdrawalSettingsSchema } } },
    async (request) => {
      const { settings, reason } = request.body;
      const problem = withdrawalSettingsProblem(settings);
      if (problem) throw errors.validation(problem.message, { [`settings.${problem.field}`]: problem.message });
      return withOperatorWrite(ctx, request, async (client, audit) => {
        const before = await loadWithdrawalSettings(client);
        const after = await saveWithdrawalSettings(client, settings);
        await audit({ action: 'finance.withdrawal-settings.update', targetType: 'withdrawal_settings', targetId: 1, before, after, reason: reason.trim() });
        return after;
      });
    },
  );
}

async function usernameOf(client: pg.PoolClient, customerId: number): Promise<string> {
  const found = await client.query<{ username: string }>('SELECT username FROM customers WHERE id = $1', [customerId]);
  return found.rows[0]?.username ?? String(customerId);
}
