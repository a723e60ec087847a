// Red packets (issue 22 item 2; docs/campaigns/red-packets.md): GET /ajax/red-packet/claimable and
// POST /ajax/red-packet/{id}/claim (spec §7, non-trial customers), plus the public list and the
// verification data of one packet (its seed once ended, and its claims with masked names).
// Also runs the lifecycle job of this process (ends packets at their end time, announces starts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ClaimableRedPacketListSchema,
  ClaimRedPacketBodySchema,
  ClaimRedPacketResponseSchema,
  PublicRedPacketListSchema,
  RED_PACKET_MESSAGES,
  RED_PACKET_PATHS,
  RedPacketIdParamsSchema,
  RedPacketVerificationSchema,
} from '../../shared/api/red-packets.ts';
import type { ServerContext } from '../context.ts';
import { errors } from '../http/errors.ts';
import { requireSession } from '../session/access.ts';
import { maskAccountName } from '../wallet/withdrawals/labels.ts';
import { claimRedPacket } from './claim.ts';
import { ELIGIBLE_SQL } from './eligibility.ts';
import { balanceEvent, packetsChangedEvent, publishAfterCommit } from './events.ts';
import { startRedPacketLifecycle } from './lifecycle.ts';
import { findPacket, publicView, SELECT_PACKETS, STATE_SQL, type RedPacketRow } from './store.ts';

const config = { access: { tier: 'nonTrial' as const, operation: '领取红包' } };
/** The public list: what is on, and what ended in the last 30 days. */
const LIST_LIMIT = 50;

export async function redPacketRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;

  if (ctx.config.promotions.redPacketJobIntervalMs > 0) {
    let loop: { stop(): Promise<void> } | null = null;
    app.addHook('onReady', async () => {
      loop = startRedPacketLifecycle(ctx, app.log);
    });
    app.addHook('preClose', async () => {
      await loop?.stop();
    });
  }

  r.get(RED_PACKET_PATHS.claimable, { config, schema: { response: { 200: ClaimableRedPacketListSchema } } }, async (request) => {
    const customerId = Number((await requireSession(ctx, request)).customer.id);
    const found = await pool.query<{ id: number; title: string; description: string; commitment: string; ends_at: Date }>(
      `SELECT p.id, p.title, p.description, p.commitment, p.ends_at
         FROM red_packets p JOIN customers c ON c.id = $1
        WHERE ${STATE_SQL} = 'ACTIVE' AND p.claimed < p.count AND ${ELIGIBLE_SQL}
          AND NOT EXISTS (SELECT 1 FROM red_packet_claims k WHERE k.packet_id = p.id AND k.customer_id = $1)
        ORDER BY p.ends_at, p.id LIMIT ${LIST_LIMIT}`,
      [customerId],
    );
    return found.rows.map((row) => ({
      id: Number(row.id),
      title: row.title,
      description: row.description,
      commitment: row.commitment,
      endsAt: row.ends_at.toISOString(),
    }));
  });

  r.post(
    '/ajax/red-packet/:id/claim',
    { config, schema: { params: RedPacketIdParamsSchema, body: ClaimRedPacketBodySchema, response: { 200: ClaimRedPacketResponseSchema } } },
    async (request) => {
      const customerId = Number((await requireSession(ctx, request)).customer.id);
      const outcome = await claimRedPacket(ctx, customerId, request.params.id);
      request.log.info({ redPacketId: outcome.id, award: outcome.award }, 'red packet claimed');
      publishAfterCommit(ctx, [balanceEvent(customerId, outcome.balance), ...(outcome.soldOut ? [packetsChangedEvent()] : [])], request.log);
      return { id: outcome.id, award: outcome.award, balance: outcome.balance };
    },
  );

  r.get(RED_PACKET_PATHS.list, { schema: { response: { 200: PublicRedPacketListSchema } } }, async () => {
    const found = await pool.query<RedPacketRow>(
      `${SELECT_PACKETS} WHERE p.starts_at <= now() + interval '7 days' AND p.ends_at > now() - interval '30 days'
        ORDER BY (${STATE_SQL} = 'ENDED'), p.ends_at DESC, p.id DESC LIMIT ${LIST_LIMIT}`,
    );
    return found.rows.map(publicView);
  });

  r.get(
    '/ajax/red-packet/:id/verification',
    { schema: { params: RedPacketIdParamsSchema, response: { 200: RedPacketVerificationSchema } } },
    async (request) => {
      const row = await findPacket(pool, request.params.id);
      if (!row) throw errors.notFound(RED_PACKET_MESSAGES.notFound);
      const claims = await pool.query<{ seq: number; username: string; amount: number; claimed_at: Date }>(
        `SELECT k.seq, c.username, k.amount, k.claimed_at FROM red_packet_claims k JOIN customers c ON c.id = k.customer_id
          WHERE k.packet_id = $1 ORDER BY k.seq`,
        [row.id],
      );
      return {
        packet: publicView(row),
        claims: claims.rows.map((k) => ({ seq: k.seq, name: maskAccountName(k.username), amount: Number(k.amount), claimedAt: k.claimed_at.toISOString() })),
      };
    },
  );
}
