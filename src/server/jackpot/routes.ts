// Jackpot pool (issue 22 item 3): the public summary and the record of each round (for the
// verification page), and the jobs that commit, fund and draw the rounds.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { JACKPOT_PATHS, JackpotRoundDetailSchema, JackpotRoundParamsSchema, JackpotSummarySchema } from '../../shared/api/jackpot.ts';
import type { ServerContext } from '../context.ts';
import { errors } from '../http/errors.ts';
import { JackpotJobs } from './jobs.ts';
import { loadJackpotSettings } from './settings.ts';
import { awardLuckyForTest, LuckyAwardSchema } from './testing.ts';
import { jackpotSummary, roundDetail } from './views.ts';

export async function jackpotRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const development = ctx.config.env !== 'production';

  r.get(JACKPOT_PATHS.summary, { schema: { response: { 200: JackpotSummarySchema } } }, async () => jackpotSummary(pool, Date.now(), development));

  r.get(JACKPOT_PATHS.round(':id'), { schema: { params: JackpotRoundParamsSchema, response: { 200: JackpotRoundDetailSchema } } }, async (request) => {
    const round = await roundDetail(pool, request.params.id);
    if (!round) throw errors.notFound('奖池期次不存在');
    return round;
  });

  const jobs = new JackpotJobs(ctx, app.log, ctx.config.promotions.jackpotJobIntervalMs);
  app.addHook('onReady', async () => {
    await loadJackpotSettings(pool);
    jobs.start();
  });
  app.addHook('preClose', () => jobs.stop());

  if (ctx.config.env === 'test') {
    r.post('/ajax/test/jackpot/lucky-award', { schema: { body: LuckyAwardSchema } }, async (request) => {
      const { roundId, prize, events } = await awardLuckyForTest(pool, request.body.username);
      await ctx.events.publish(events);
      return { roundId, prize };
    });
  }
}
