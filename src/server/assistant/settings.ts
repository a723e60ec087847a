// The assistant's one settings row (drizzle/0035_assistant.sql).
import type { AssistantSettings } from '../../shared/api/assistant.ts';
import type { Queryable } from '../db/pool.ts';

export interface StoredAssistantSettings extends AssistantSettings {
  apiKey: string;
  version: number;
}

interface Row {
  adapter: AssistantSettings['adapter'];
  base_url: string;
  model: string;
  api_key: string;
  timeout_ms: number;
  per_minute: number;
  per_day: number;
  version: number;
}

export async function assistantSettings(db: Queryable, options: { forUpdate?: boolean } = {}): Promise<StoredAssistantSettings> {
  const result = await db.query<Row>(
    `SELECT adapter, base_url, model, api_key, timeout_ms, per_minute, per_day, version FROM assistant_settings WHERE id = 1${options.forUpdate ? ' FOR UPDATE' : ''}`,
  );
  const row = result.rows[0];
  if (!row) throw new Error('assistant_settings row missing (migration 0035)');
  return {
    adapter: row.adapter,
    baseUrl: row.base_url,
    model: row.model,
    apiKey: row.api_key,
    timeoutMs: row.timeout_ms,
    perMinute: row.per_minute,
    perDay: row.per_day,
    version: row.version,
  };
}

export async function saveAssistantSettings(db: Queryable, settings: AssistantSettings, apiKey: string): Promise<void> {
  await db.query(
    `UPDATE assistant_settings
        SET adapter = $1, base_url = $2, model = $3, api_key = $4, timeout_ms = $5, per_minute = $6, per_day = $7,
            version = version + 1, updated_at = now()
      WHERE id = 1`,
    [settings.adapter, settings.baseUrl, settings.model, apiKey, settings.timeoutMs, settings.perMinute, settings.perDay],
  );
}
