// POST /ajax/customer/avatar/upload {imageData} → {url}; GET /ajax/avatar/{id}.png serves the
// re-encoded image with a fixed, safe content type.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNTS_PATHS, AVATAR_URL_PREFIX, AvatarUploadBodySchema, AvatarUploadResponseSchema } from '../../../shared/api/accounts.ts';
import type { ServerContext } from '../../context.ts';
import { errors } from '../../http/errors.ts';
import { withTransaction } from '../../db/pool.ts';
import { requireAccess, requireSession } from '../../session/access.ts';
import { consumeOrRefuse } from '../rate-limit.ts';
import { dataUrlBytes, reencodeAvatar } from './reencode.ts';

const AvatarFileParams = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{22}\.png$/) });
const UPLOADS_PER_HOUR = 20;

export async function avatarRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;

  r.post(
    ACCOUNTS_PATHS.avatarUpload,
    {
      preValidation: requireAccess(ctx, { tier: 'nonTrial', operation: '上传头像' }),
      schema: { body: AvatarUploadBodySchema, response: { 200: AvatarUploadResponseSchema } },
    },
    async (request) => {
      const customerId = (await requireSession(ctx, request)).customer.id;
      await consumeOrRefuse(
        pool,
        { bucket: 'avatar-upload', key: String(customerId), limit: UPLOADS_PER_HOUR, windowMs: 3_600_000 },
        '上传头像过于频繁，请稍后再试',
      );
      const png = await reencodeAvatar(dataUrlBytes(request.body.imageData));
      const id = randomBytes(16).toString('base64url');
      const url = `${AVATAR_URL_PREFIX}${id}.png`;
      await withTransaction(pool, async (client) => {
        await client.query('DELETE FROM avatar_images WHERE customer_id = $1', [customerId]);
        await client.query('INSERT INTO avatar_images (id, customer_id, png) VALUES ($1, $2, $3)', [id, customerId, png]);
        await client.query('UPDATE customers SET avatar_image = $2 WHERE id = $1', [customerId, url]);
      });
      return { url };
    },
  );

  r.get(`${AVATAR_URL_PREFIX}:file`, { schema: { params: AvatarFileParams } }, async (request, reply) => {
    const found = await pool.query<{ png: Buffer }>('SELECT png FROM avatar_images WHERE id = $1', [request.params.file.slice(0, -4)]);
    const row = found.rows[0];
    if (!row) throw errors.notFound('头像不存在');
    return reply
      .header('content-type', 'image/png')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(row.png);
  });
}
