// The back office's customers endpoints (/ajax/backoffice/customers/...): search, the detail page and
// its tabs, and the actions. Every write runs in withOperatorWrite with its audit row; unfreezing and
// balance adjustments are four-eyes requests that the core's approval endpoints complete.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import {
  AdjustmentBodySchema,
  ADJUSTMENT_APPROVAL,
  ApprovalRequestedSchema,
  CustomerActionResultSchema,
  CustomerAutobetsSchema,
  CustomerDetailSchema,
  CustomerIdParamsSchema,
  CustomerListSchema,
  CustomerOrdersSchema,
  CustomerProtectionSchema,
  CustomerSearchQuerySchema,
  CustomerSessionsSchema,
  LedgerPageSchema,
  LoginHistorySchema,
  PageQuerySchema,
  ReasonBodySchema,
  UNFREEZE_APPROVAL,
  VipLevelBodySchema,
} from '../../../shared/backoffice/customers.ts';
import type { Permission } from '../../../shared/backoffice/permissions.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import type { ServerContext } from '../../context.ts';
import { errors } from '../../http/errors.ts';
import { operatorOf, registerApprovalKind, requestApproval, withOperatorWrite, type Audit } from '../core/api.ts';
import { endCustomerSessions, forcePasswordChange, freezeCustomer, setVipLevel } from './actions.ts';
import { adjustmentApproval } from './adjustment.ts';
import { CUSTOMER_NOT_FOUND, customerDetail } from './detail.ts';
import { searchCustomers } from './search.ts';
import { customerAutobets, customerOrders, customerProtection, customerSessions, ledgerStatement, loginHistory } from './tabs.ts';
import { unfreezeApproval } from './unfreeze.ts';
import { levelChangeEvents } from '../../vip/events.ts';

const base = `${BACKOFFICE_API}/customers`;
const operatorRule = (permission: Permission) => ({ operator: { permission } });

// The approval kinds live in one registry per process; every app built in it shares them.
let kindsRegistered = false;

async function usernameOf(client: pg.PoolClient, customerId: number): Promise<string> {
  const found = await client.query<{ username: string }>('SELECT username FROM customers WHERE id = $1', [customerId]);
  if (!found.rows[0]) throw errors.notFound(CUSTOMER_NOT_FOUND);
  return found.rows[0].username;
}

export async function customerAdminRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  if (!kindsRegistered) {
    registerApprovalKind(unfreezeApproval);
    registerApprovalKind(adjustmentApproval);
    kindsRegistered = true;
  }
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const read = operatorRule('customers.read');

  const assertCustomer = async (customerId: number) => {
    const found = await pool.query('SELECT 1 FROM customers WHERE id = $1', [customerId]);
    if ((found.rowCount ?? 0) === 0) throw errors.notFound(CUSTOMER_NOT_FOUND);
  };

  r.get(base, { config: read, schema: { querystring: CustomerSearchQuerySchema, response: { 200: CustomerListSchema } } }, async (request) =>
    searchCustomers(pool, request.query),
  );

  r.get(`${base}/:id`, { config: read, schema: { params: CustomerIdParamsSchema, response: { 200: CustomerDetailSchema } } }, async (request) =>
    customerDetail(pool, request.params.id),
  );

  r.get(
    `${base}/:id/ledger`,
    { config: read, schema: { params: CustomerIdParamsSchema, querystring: PageQuerySchema, response: { 200: LedgerPageSchema } } },
    async (request) => {
      await assertCustomer(request.params.id);
      return ledgerStatement(pool, request.params.id, request.query);
    },
  );

  r.get(
    `${base}/:id/orders`,
    { config: read, schema: { params: CustomerIdParamsSchema, querystring: PageQuerySchema, response: { 200: CustomerOrdersSchema } } },
    async (request) => {
      await assertCustomer(request.params.id);
      return customerOrders(pool, request.params.id, request.query);
    },
  );

  r.get(
    `${base}/:id/autobets`,
    { config: read, schema: { params: CustomerIdParamsSchema, querystring: PageQuerySchema, response: { 200: CustomerAutobetsSchema } } },
    async (request) => {
      await assertCustomer(request.params.id);
      return customerAutobets(pool, request.params.id, request.query);
    },
  );

  r.get(`${base}/:id/sessions`, { config: read, schema: { params: CustomerIdParamsSchema, response: { 200: CustomerSessionsSchema } } }, async (request) => {
    await assertCustomer(request.params.id);
    return customerSessions(pool, request.params.id);
  });

  r.get(
    `${base}/:id/logins`,
    { config: read, schema: { params: CustomerIdParamsSchema, querystring: PageQuerySchema, response: { 200: LoginHistorySchema } } },
    async (request) => {
      await assertCustomer(request.params.id);
      return loginHistory(pool, request.params.id, request.query);
    },
  );

  r.get(
    `${base}/:id/protection`,
    { config: read, schema: { params: CustomerIdParamsSchema, response: { 200: CustomerProtectionSchema } } },
    async (request) => {
      await assertCustomer(request.params.id);
      return customerProtection(pool, request.params.id, new Date());
    },
  );

  /** An action that may end sessions: their live streams close after the commit. */
  const sessionAction =
    (act: (client: pg.PoolClient, audit: Audit, customerId: number, reason: string) => Promise<number[]>) =>
    async (request: FastifyRequest<{ Params: { id: number }; Body: { reason: string } }>) => {
      const customerId = request.params.id;
      const ended = await withOperatorWrite(ctx, request, (client, audit) => act(client, audit, customerId, request.body.reason.trim()));
      for (const sessionId of ended) await ctx.events.closeSession(customerId, sessionId);
      return { customer: await customerDetail(pool, customerId), endedSessions: ended.length };
    };
  const manageAction = {
    config: operatorRule('customers.manage'),
    schema: { params: CustomerIdParamsSchema, body: ReasonBodySchema, response: { 200: CustomerActionResultSchema } },
  };

  r.post(`${base}/:id/freeze`, manageAction, sessionAction(freezeCustomer));
  r.post(`${base}/:id/force-password-change`, manageAction, sessionAction(forcePasswordChange));
  r.post(`${base}/:id/end-sessions`, manageAction, sessionAction(endCustomerSessions));

  r.put(
    `${base}/:id/vip-level`,
    {
      config: operatorRule('customers.manage'),
      schema: { params: CustomerIdParamsSchema, body: VipLevelBodySchema, response: { 200: CustomerActionResultSchema } },
    },
    async (request) => {
      const customerId = request.params.id;
      const previous = await withOperatorWrite(ctx, request, (client, audit) => setVipLevel(client, audit, customerId, { ...request.body, reason: request.body.reason.trim() }));
      void ctx.events
        .publish(levelChangeEvents([{ customerId, previous, level: request.body.vipLevel }]))
        .catch((error: unknown) => request.log.warn({ err: error }, 'VIP events not published'));
      return { customer: await customerDetail(pool, customerId), endedSessions: 0 };
    },
  );

  r.post(
    `${base}/:id/unfreeze`,
    {
      config: operatorRule('customers.unfreeze.request'),
      schema: { params: CustomerIdParamsSchema, body: ReasonBodySchema, response: { 200: ApprovalRequestedSchema } },
    },
    async (request) => {
      const operator = operatorOf(request);
      const customerId = request.params.id;
      return withOperatorWrite(ctx, request, async (client, audit) => {
        const payload = { customerId, username: await usernameOf(client, customerId) };
        const approval = await requestApproval(client, audit, operator, UNFREEZE_APPROVAL, payload, request.body.reason.trim());
        return { approvalId: approval.id, status: approval.status };
      });
    },
  );

  r.post(
    `${base}/:id/adjustment`,
    {
      config: operatorRule('customers.adjust.request'),
      schema: { params: CustomerIdParamsSchema, body: AdjustmentBodySchema, response: { 200: ApprovalRequestedSchema } },
    },
    async (request) => {
      const operator = operatorOf(request);
      const customerId = request.params.id;
      const { direction, amount, reason } = request.body;
      return withOperatorWrite(ctx, request, async (client, audit) => {
        const payload = { customerId, username: await usernameOf(client, customerId), direction, amount };
        const approval = await requestApproval(client, audit, operator, ADJUSTMENT_APPROVAL, payload, reason.trim());
        return { approvalId: approval.id, status: approval.status };
      });
    },
  );
}
