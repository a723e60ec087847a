// Back office AI assistant settings (issue 21 item 4): which adapter answers (built-in, or an
// OpenAI-compatible endpoint with its base URL, model, key and timeout), the per-customer limits,
// today's usage counts, and a "try a question" box that answers as a player would be answered
// (no rate limit, nothing counted). Saving is an audited write; the API key never leaves the server
// and is recorded in the audit row only as set / not set.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ASSISTANT_ADMIN_PATHS,
  ASSISTANT_FAILED_MESSAGE,
  AssistantSettingsViewSchema,
  TryAnswerSchema,
  TryQuestionBodySchema,
  UpdateAssistantSettingsBodySchema,
} from '../../../shared/api/assistant.ts';
import type { Permission } from '../../../shared/backoffice/permissions.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import { answerQuestion } from '../../assistant/answer.ts';
import { knowledgeFor } from '../../assistant/knowledge.ts';
import { usageToday } from '../../assistant/rate-limit.ts';
import { assistantSettings, saveAssistantSettings, type StoredAssistantSettings } from '../../assistant/settings.ts';
import type { ServerContext } from '../../context.ts';
import { AppError, errors } from '../../http/errors.ts';
import { ERROR_CODES } from '../../../shared/api/errors.ts';
import { withOperatorWrite } from '../core/api.ts';

const path = (p: string) => `${BACKOFFICE_API}${p}`;
const rule = (permission: Permission) => ({ operator: { permission } });
const STALE_MESSAGE = '设置已被其他操作员修改，请刷新后重试';

/** The settings as the audit log keeps them: the key only as set or not. */
function audited({ apiKey, ...settings }: StoredAssistantSettings) {
  return { ...settings, apiKeySet: apiKey !== '' };
}

export async function assistantAdminRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;

  r.get(path(ASSISTANT_ADMIN_PATHS.settings), { config: rule('assistant.read'), schema: { response: { 200: AssistantSettingsViewSchema } } }, async () => {
    const { apiKey, ...settings } = await assistantSettings(pool);
    return { ...settings, apiKeySet: apiKey !== '', usage: await usageToday(pool) };
  });

  r.put(path(ASSISTANT_ADMIN_PATHS.settings), { config: rule('assistant.manage'), schema: { body: UpdateAssistantSettingsBodySchema } }, async (request) => {
    const { settings, apiKey, version, reason } = request.body;
    await withOperatorWrite(ctx, request, async (client, audit) => {
      const before = await assistantSettings(client, { forUpdate: true });
      if (before.version !== version) throw errors.conflict(STALE_MESSAGE);
      // No key is fine: a local endpoint may need none.
      await saveAssistantSettings(client, settings, apiKey ?? before.apiKey);
      const after = await assistantSettings(client);
      await audit({ action: 'assistant.settings.update', targetType: 'assistant_settings', targetId: 1, before: audited(before), after: audited(after), reason });
    });
    return { ok: true };
  });

  r.post(path(ASSISTANT_ADMIN_PATHS.tryQuestion), { config: rule('assistant.read'), schema: { body: TryQuestionBodySchema, response: { 200: TryAnswerSchema } } }, async (request) => {
    const settings = await assistantSettings(pool);
    let text = '';
    try {
      const result = await answerQuestion(settings, knowledgeFor(pool), request.body.question, (piece) => (text += piece), AbortSignal.timeout(settings.timeoutMs + 1000));
      return { text, sources: result.sources, kind: result.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'assistant try failed');
      throw new AppError(502, ERROR_CODES.INTERNAL, ASSISTANT_FAILED_MESSAGE);
    }
  });
}
