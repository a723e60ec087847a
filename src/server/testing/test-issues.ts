// Test-only (NODE_ENV=test): a browser test makes an official issue of its own, on sale now and closing
// in a few seconds, without a commitment — so the scheduler closes it on time but never draws it
// (under the simulated feed it draws only committed issues; under a real feed the feed knows no such
// 期号). It then waits, closed, for a manual result until the feed timeout cancels it.
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../context.ts';
import { beijingDay } from '../draws/generator.ts';
import { errors } from '../http/errors.ts';
import { takesManualResults } from '../draws/manual-results.ts';

const TestIssueSchema = z.object({
  drawType: z.string().regex(/^[A-Z0-9]{1,32}$/, '彩种代码无效'),
  /** Seconds of sales from now. */
  salesSeconds: z.number().int().min(1).max(600),
});

export async function testIssueRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post('/ajax/test/draw-issues', { schema: { body: TestIssueSchema } }, async (request) => {
    const { drawType, salesSeconds } = request.body;
    if (!takesManualResults(drawType)) throw errors.validation('只有官方彩种可以创建测试期号');
    const now = ctx.clock.now();
    const closesAt = now + salesSeconds * 1000;
    // Digits only, as a real 期号: the lobby shows its last result's 期号, and letters there read as
    // English to a player (and to the no-English check running beside the test that made it).
    const issueNumber = `99${String(randomInt(0, 2 ** 47)).padStart(15, '0')}`;
    await ctx.database.pool.query(
      `INSERT INTO draw_issues (draw_type, issue_number, sales_day, sequence, opens_at, closes_at, draw_at, state)
       VALUES ($1, $2, $3, 9000 + floor(random() * 999)::int, to_timestamp($4 / 1000.0), to_timestamp($5 / 1000.0), to_timestamp($5 / 1000.0), 'OPEN')`,
      [drawType, issueNumber, beijingDay(now), now, closesAt],
    );
    return { drawType, issueNumber, closesAt };
  });
}
