// Back office red packets (issue 22 item 2; docs/campaigns/red-packets.md): the list with spent vs
// budget, one packet with its claims, create (funds the packet's escrow from the house), pause,
// resume and end (returns the rest of the budget and reveals the seed). campaigns.read / .manage;
// every write commits with its audit row, and `redPacketsChanged` goes out after the commit.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminRedPacketDetailSchema,
  AdminRedPacketListSchema,
  CreateRedPacketBodySchema,
  RED_PACKET_ADMIN_PATHS,
  RED_PACKET_MESSAGES,
  RedPacketActionBodySchema,
  RedPacketActionParamsSchema,
  RedPacketIdParamsSchema,
  type RedPacketAction,
} from '../../../shared/api/red-packets.ts';
import type { Permission } from '../../../shared/backoffice/permissions.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import type { ServerContext } from '../../context.ts';
import { errors } from '../../http/errors.ts';
import { packetsChangedEvent, publishAfterCommit } from '../../red-packets/events.ts';
import { adminView, createPacket, endPacket, findPacket, SELECT_PACKETS, type RedPacketRow } from '../../red-packets/store.ts';
import { operatorOf, withOperatorWrite } from '../core/api.ts';

const path = (p: string) => `${BACKOFFICE_API}${p}`;
const rule = (permission: Permission) => ({ operator: { permission } });

/** The stored status each action needs, and the one it leaves. */
const TRANSITIONS: Record<Exclude<RedPacketAction, 'end'>, { from: string; to: string; refusal: string }> = {
  pause: { from: 'ACTIVE', to: 'PAUSED', refusal: '只有进行中或未开始的红包可以暂停' },
  resume: { from: 'PAUSED', to: 'ACTIVE', refusal: '只有已暂停的红包可以恢复' },
};

export async function redPacketAdminRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;

  r.get(path(RED_PACKET_ADMIN_PATHS.packets), { config: rule('campaigns.read'), schema: { response: { 200: AdminRedPacketListSchema } } }, async () => {
    const found = await pool.query<RedPacketRow>(`${SELECT_PACKETS} ORDER BY p.id DESC LIMIT 200`);
    return { packets: found.rows.map(adminView) };
  });

  r.get(
    path(RED_PACKET_ADMIN_PATHS.packet(':id')),
    { config: rule('campaigns.read'), schema: { params: RedPacketIdParamsSchema, response: { 200: AdminRedPacketDetailSchema } } },
    async (request) => {
      const row = await findPacket(pool, request.params.id);
      if (!row) throw errors.notFound(RED_PACKET_MESSAGES.notFound);
      const claims = await pool.query<{ seq: number; customer_id: number; username: string; amount: number; claimed_at: Date }>(
        `SELECT k.seq, k.customer_id, c.username, k.amount, k.claimed_at FROM red_packet_claims k JOIN customers c ON c.id = k.customer_id
          WHERE k.packet_id = $1 ORDER BY k.seq`,
        [row.id],
      );
      return {
        packet: adminView(row),
        claims: claims.rows.map((k) => ({
          seq: k.seq,
          customerId: Number(k.customer_id),
          username: k.username,
          amount: Number(k.amount),
          claimedAt: k.claimed_at.toISOString(),
        })),
      };
    },
  );

  r.post(
    path(RED_PACKET_ADMIN_PATHS.packets),
    { config: rule('campaigns.manage'), schema: { body: CreateRedPacketBodySchema, response: { 200: AdminRedPacketDetailSchema } } },
    async (request) => {
      const { reason, ...input } = request.body;
      const operator = operatorOf(request);
      const created = await withOperatorWrite(ctx, request, async (client, audit) => {
        const id = await createPacket(client, input, operator.username);
        const row = (await findPacket(client, id))!;
        // The seed stays out of the audit log until the packet ends.
        await audit({ action: 'redPacket.create', targetType: 'red_packet', targetId: id, before: null, after: { ...adminView(row), seed: null }, reason: reason ?? null });
        return row;
      });
      publishAfterCommit(ctx, [packetsChangedEvent()], request.log);
      return { packet: adminView(created), claims: [] };
    },
  );

  r.put(
    path(RED_PACKET_ADMIN_PATHS.action(':id', ':action' as RedPacketAction)),
    { config: rule('campaigns.manage'), schema: { params: RedPacketActionParamsSchema, body: RedPacketActionBodySchema, response: { 200: AdminRedPacketDetailSchema } } },
    async (request) => {
      const { id, action } = request.params;
      const reason = request.body?.reason ?? null;
      const after = await withOperatorWrite(ctx, request, async (client, audit) => {
        const locked = await client.query('SELECT 1 FROM red_packets WHERE id = $1 FOR UPDATE', [id]);
        if (!locked.rowCount) throw errors.notFound(RED_PACKET_MESSAGES.notFound);
        const before = (await findPacket(client, id))!;
        if (before.state === 'ENDED') throw errors.conflict(RED_PACKET_MESSAGES.ended);
        if (action === 'end') {
          await endPacket(client, id);
        } else {
          const transition = TRANSITIONS[action];
          const changed = await client.query('UPDATE red_packets SET status = $3 WHERE id = $1 AND status = $2', [id, transition.from, transition.to]);
          if (!changed.rowCount) throw errors.conflict(transition.refusal);
        }
        const row = (await findPacket(client, id))!;
        await audit({
          action: `redPacket.${action}`,
          targetType: 'red_packet',
          targetId: id,
          before: { state: before.state, claimed: before.claimed, spent: Number(before.spent) },
          after: { state: row.state, claimed: row.claimed, spent: Number(row.spent), ...(row.state === 'ENDED' ? { seed: row.seed } : {}) },
          reason,
        });
        return row;
      });
      publishAfterCommit(ctx, [packetsChangedEvent()], request.log);
      return { packet: adminView(after), claims: [] };
    },
  );
}
