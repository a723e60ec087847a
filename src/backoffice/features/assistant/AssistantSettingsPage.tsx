// 智能助手: which adapter answers (built-in or an OpenAI-compatible endpoint), its settings and the
// per-customer limits, today's usage, and a box to try a question as a player would ask it. Saving is
// an audited write with a reason; roles that may only read see the form disabled.
import { Alert, Anchor, Button, Card, Group, NumberInput, PasswordInput, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ADAPTER_KINDS, ADAPTER_LABELS, type AdapterKind, type AssistantSettings, type AssistantSettingsView, type TryAnswer } from '../../../shared/api/assistant.ts';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { ReasonModal } from '../../components/ReasonModal.tsx';
import { useOperator } from '../../lib/operator.ts';
import { ASSISTANT_KEY, saveSettings, settingsQuery, tryQuestion } from './queries.ts';

const KIND_LABELS: Record<TryAnswer['kind'], string> = { answer: '回答', refusal: '拒绝（预测/荐号）', protection: '引导至理性娱乐', unknown: '不知道' };

export default function AssistantSettingsPage() {
  const settings = useQuery(settingsQuery());
  return (
    <Stack maw={900}>
      <Title order={2}>智能助手</Title>
      {settings.data ? (
        <>
          <Text size="sm" c="dimmed" data-testid="assistant-usage">
            今日提问 {settings.data.usage.questionsToday} 次，{settings.data.usage.customersToday} 位玩家（只记录次数，不保存问题内容）
          </Text>
          <SettingsForm key={settings.data.version} view={settings.data} />
        </>
      ) : settings.error ? (
        <ErrorBlock error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <LoadingBlock />
      )}
      <TryBox />
    </Stack>
  );
}

function SettingsForm({ view }: { view: AssistantSettingsView }) {
  const queryClient = useQueryClient();
  const { can } = useOperator();
  const editable = can('assistant.manage');
  const [values, setValues] = useState<AssistantSettings>({
    adapter: view.adapter,
    baseUrl: view.baseUrl,
    model: view.model,
    timeoutMs: view.timeoutMs,
    perMinute: view.perMinute,
    perDay: view.perDay,
  });
  const [apiKey, setApiKey] = useState('');
  const [confirming, setConfirming] = useState(false);
  const set = <K extends keyof AssistantSettings>(field: K, value: AssistantSettings[K]) => setValues((current) => ({ ...current, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setConfirming(true);
  };
  const external = values.adapter === 'OPENAI';
  return (
    <form onSubmit={submit} noValidate aria-label="智能助手设置">
      <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack>
          {!editable && <Alert color="gray">当前角色只能查看智能助手设置。</Alert>}
          <Card withBorder>
            <Title order={4} mb="sm">
              回答方式
            </Title>
            <SegmentedControl
              value={values.adapter}
              onChange={(value) => set('adapter', value as AdapterKind)}
              data={ADAPTER_KINDS.map((kind) => ({ value: kind, label: ADAPTER_LABELS[kind] }))}
              disabled={!editable}
            />
            <Text size="xs" c="dimmed" mt="xs">
              两种方式都不会预测开奖、推荐号码或鼓励加大投注；外部模型的回答会被逐句检查，违规时替换为拒绝说明。
            </Text>
            {external && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
                <TextInput label="接口地址（Base URL）" placeholder="https://api.example.com/v1" value={values.baseUrl} onChange={(e) => set('baseUrl', e.currentTarget.value)} />
                <TextInput label="模型" value={values.model} onChange={(e) => set('model', e.currentTarget.value)} />
                <PasswordInput
                  label="API Key"
                  placeholder={view.apiKeySet ? '已设置，留空则保持不变' : '未设置'}
                  value={apiKey}
                  onChange={(e) => setApiKey(e.currentTarget.value)}
                  autoComplete="off"
                />
                <NumberInput label="超时（毫秒）" min={1000} max={120000} value={values.timeoutMs} onChange={(v) => set('timeoutMs', Number(v))} />
              </SimpleGrid>
            )}
          </Card>
          <Card withBorder>
            <Title order={4} mb="sm">
              每位玩家的提问上限
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput label="每分钟" min={1} max={1000} value={values.perMinute} onChange={(v) => set('perMinute', Number(v))} />
              <NumberInput label="每天（北京时间）" min={1} max={100000} value={values.perDay} onChange={(v) => set('perDay', Number(v))} />
            </SimpleGrid>
          </Card>
          {editable && (
            <Group>
              <Button type="submit">保存</Button>
              <Text size="xs" c="dimmed">
                保存须填写原因，记入审计日志（API Key 不记入）
              </Text>
            </Group>
          )}
        </Stack>
      </fieldset>
      <ReasonModal
        opened={confirming}
        title="保存智能助手设置"
        confirmLabel="保存"
        onClose={() => setConfirming(false)}
        onConfirm={async (reason) => {
          await saveSettings({ settings: values, ...(apiKey ? { apiKey } : {}), version: view.version, reason });
          notifications.show({ color: 'teal', message: '智能助手设置已保存' });
          await queryClient.invalidateQueries({ queryKey: ASSISTANT_KEY });
        }}
      />
    </form>
  );
}

function TryBox() {
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState<TryAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setFailure(null);
    try {
      setAnswer(await tryQuestion(question));
    } catch (error) {
      setAnswer(null);
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        试问一个问题
      </Title>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="xs">
          <Textarea aria-label="试问的问题" placeholder="例如：怎么玩五星直选" value={question} onChange={(e) => setQuestion(e.currentTarget.value)} autosize minRows={2} maxLength={500} />
          <Group>
            <Button type="submit" loading={pending} data-testid="assistant-try">
              提问
            </Button>
            <Text size="xs" c="dimmed">
              按当前保存的设置回答，不计入玩家的提问次数
            </Text>
          </Group>
          {failure && <Alert color="red">{failure}</Alert>}
          {answer && (
            <Stack gap={4} data-testid="assistant-try-answer">
              <Text size="xs" c="dimmed">
                类型：{KIND_LABELS[answer.kind]}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{answer.text}</Text>
              {answer.sources.map((source) => (
                <Anchor key={`${source.href}|${source.title}`} href={source.href} target="_blank" rel="noopener noreferrer" size="sm">
                  {source.title}（{source.href}）
                </Anchor>
              ))}
            </Stack>
          )}
        </Stack>
      </form>
    </Card>
  );
}
