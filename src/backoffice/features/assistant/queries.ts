// The assistant settings page's server state.
import { queryOptions } from '@tanstack/react-query';
import { ASSISTANT_ADMIN_PATHS, AssistantSettingsViewSchema, TryAnswerSchema, type AssistantSettings } from '../../../shared/api/assistant.ts';
import { boGet, boSend } from '../../lib/api.ts';

export const ASSISTANT_KEY = ['backoffice', 'assistant'] as const;

export const settingsQuery = () =>
  queryOptions({
    queryKey: [...ASSISTANT_KEY, 'settings'],
    queryFn: ({ signal }) => boGet(ASSISTANT_ADMIN_PATHS.settings, AssistantSettingsViewSchema, undefined, signal),
  });

export const saveSettings = (body: { settings: AssistantSettings; apiKey?: string; version: number; reason: string }) => boSend('PUT', ASSISTANT_ADMIN_PATHS.settings, body);

export const tryQuestion = (question: string) => boSend('POST', ASSISTANT_ADMIN_PATHS.tryQuestion, { question }, TryAnswerSchema);
