// The agent's team (issue 19 items 4 and 5, docs/agents/team.md): members and their prize groups,
// members' orders and wallet records, and transfers to direct members. Every route is agent-only and
// reads its scope from the team tree.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AGENT_TEAM_PATHS,
  MemberDetailSchema,
  MemberIdParamsSchema,
  MemberListQuerySchema,
  MemberListSchema,
  OrderIdParamsSchema,
  PrizeGroupChangeSchema,
  TeamOrderDetailSchema,
  TeamOrderListQuerySchema,
  TeamOrderListSchema,
  TransferConfigSchema,
  TransferRequestSchema,
  TransferSchema,
  WalletRecordListSchema,
  WalletRecordQuerySchema,
} from '../../../shared/api/agent-team.ts';
import type { ServerContext } from '../../context.ts';
import type { AccessRule } from '../../session/access.ts';
import { requireSession } from '../../session/access.ts';
import { balanceEvent, publishAfterCommit } from '../../wallet/deposits/events.ts';
import { confirmMoneyPassword } from '../../wallet/withdrawals/money-password.ts';
import { assertTeamMember } from '../tree.ts';
import { listMembers, memberDetail } from './members.ts';
import { listTeamOrders, teamOrderDetail } from './orders.ts';
import { changePrizeGroup } from './prize-group.ts';
import { placeTransfer, transferConfig } from './transfers.ts';
import { listWalletRecords } from './wallet-records.ts';

const agentOnly: AccessRule = { tier: 'agentOnly' };
const transferring: AccessRule = { tier: 'agentOnly', operation: '转账' };

export async function agentTeamRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const agentOf = async (request: FastifyRequest) => (await requireSession(ctx, request)).customer.id;

  r.get(
    AGENT_TEAM_PATHS.members,
    { config: { access: agentOnly }, schema: { querystring: MemberListQuerySchema, response: { 200: MemberListSchema } } },
    async (request) => listMembers(pool, await agentOf(request), request.query),
  );

  r.get(
    AGENT_TEAM_PATHS.member(':id'),
    { config: { access: agentOnly }, schema: { params: MemberIdParamsSchema, response: { 200: MemberDetailSchema } } },
    async (request) => memberDetail(pool, await agentOf(request), request.params.id),
  );

  r.put(
    AGENT_TEAM_PATHS.memberPrizeGroup(':id'),
    { config: { access: agentOnly }, schema: { params: MemberIdParamsSchema, body: PrizeGroupChangeSchema, response: { 200: MemberDetailSchema } } },
    async (request) => {
      const agentId = await agentOf(request);
      // Outside the team: 404 before the body is judged, so a refusal tells nothing about the member.
      await assertTeamMember(pool, agentId, request.params.id);
      await changePrizeGroup(pool, agentId, request.params.id, request.body.prizeGroup);
      return memberDetail(pool, agentId, request.params.id);
    },
  );

  r.get(
    AGENT_TEAM_PATHS.orders,
    { config: { access: agentOnly }, schema: { querystring: TeamOrderListQuerySchema, response: { 200: TeamOrderListSchema } } },
    async (request) => listTeamOrders(pool, await agentOf(request), request.query),
  );

  r.get(
    AGENT_TEAM_PATHS.order(':id'),
    { config: { access: agentOnly }, schema: { params: OrderIdParamsSchema, response: { 200: TeamOrderDetailSchema } } },
    async (request) => teamOrderDetail(pool, await agentOf(request), request.params.id),
  );

  r.get(
    AGENT_TEAM_PATHS.walletRecords,
    { config: { access: agentOnly }, schema: { querystring: WalletRecordQuerySchema, response: { 200: WalletRecordListSchema } } },
    async (request) => listWalletRecords(pool, await agentOf(request), request.query),
  );

  r.get(
    AGENT_TEAM_PATHS.transferConfig,
    { config: { access: agentOnly }, schema: { response: { 200: TransferConfigSchema } } },
    async (request) => transferConfig(pool, await agentOf(request)),
  );

  r.post(
    AGENT_TEAM_PATHS.transfers,
    { config: { access: transferring }, schema: { body: TransferRequestSchema, response: { 200: TransferSchema } } },
    async (request) => {
      const agentId = await agentOf(request);
      // Outside the team: 404 before the money password is tried (no wrong-try spent, nothing disclosed).
      await assertTeamMember(pool, agentId, request.body.memberId);
      const { moneyPassword, ...body } = request.body;
      await confirmMoneyPassword(pool, agentId, moneyPassword);
      const outcome = await placeTransfer(pool, agentId, body);
      if (!outcome.replayed && outcome.memberBalance !== null) {
        publishAfterCommit(ctx, [balanceEvent(agentId, outcome.transfer.balance), balanceEvent(body.memberId, outcome.memberBalance)], request.log);
      }
      return outcome.transfer;
    },
  );
}
