// The assistant's chat (loaded on the first press of the floating button): questions and answers as
// they stream in, each answer's sources as links into the app. Answers are plain text, rendered as
// text. Offline, sending is disabled with the reason.
import { Alert, Anchor, Button, Drawer, Group, Loader, Paper, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { QUESTION_MAX, QuestionSchema } from '../../../shared/api/assistant.ts';
import { useOnline } from '../../lib/online.ts';
import { ASSISTANT_OFFLINE, ASSISTANT_TITLE } from './labels.ts';
import { useAssistantChat, type ChatTurn } from './use-assistant-chat.ts';

const SUGGESTIONS = ['怎么玩五星直选', '充值多久到账', '怎么设置亏损限额'];

export default function AssistantChat({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { turns, pending, ask } = useAssistantChat();
  const online = useOnline();
  const [question, setQuestion] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const lastAnswer = turns.at(-1)?.answer;
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [turns.length, lastAnswer]);

  const send = (text: string) => {
    const checked = QuestionSchema.safeParse(text);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    setQuestion('');
    void ask(checked.data.trim());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(question);
  };
  const blocked = pending || !online;

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="min(100%, 440px)" title={ASSISTANT_TITLE} closeButtonProps={{ 'aria-label': '关闭' }} keepMounted data-testid="assistant-chat">
      <Stack gap="sm" h="calc(100dvh - 80px)">
        <Text size="xs" c="dimmed">
          根据平台的帮助中心、公告和玩法说明回答，并注明出处；不预测开奖结果，不推荐号码。
        </Text>
        <ScrollArea flex={1} type="auto">
          <Stack gap="md" pb="xs" aria-live="polite">
            {turns.length === 0 && (
              <Group gap="xs">
                {SUGGESTIONS.map((suggestion) => (
                  <Button key={suggestion} variant="light" radius="xl" mih={44} disabled={blocked} onClick={() => send(suggestion)}>
                    {suggestion}
                  </Button>
                ))}
              </Group>
            )}
            {turns.map((turn) => (
              <Turn key={turn.id} turn={turn} onNavigate={onClose} />
            ))}
            <div ref={bottom} />
          </Stack>
        </ScrollArea>
        {!online && (
          <Alert color="gray" data-testid="assistant-offline">
            {ASSISTANT_OFFLINE}
          </Alert>
        )}
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <Textarea
              aria-label="输入问题"
              placeholder="例如：怎么玩五星直选"
              value={question}
              onChange={(event) => setQuestion(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  if (!blocked) send(question);
                }
              }}
              maxLength={QUESTION_MAX}
              autosize
              minRows={1}
              maxRows={4}
              error={problem}
              data-testid="assistant-input"
            />
            <Button type="submit" mih={44} disabled={blocked} loading={pending} data-testid="assistant-send">
              发送
            </Button>
          </Stack>
        </form>
      </Stack>
    </Drawer>
  );
}

function Turn({ turn, onNavigate }: { turn: ChatTurn; onNavigate: () => void }) {
  const router = useRouter();
  return (
    <Stack gap={6} data-testid="assistant-turn">
      <Paper p="sm" radius="md" bg="var(--mantine-primary-color-light)" ml="xl">
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{turn.question}</Text>
      </Paper>
      <Paper p="sm" radius="md" withBorder mr="xl" data-testid="assistant-answer" data-kind={turn.kind ?? undefined}>
        {turn.answer === '' && turn.streaming && <Loader size="xs" aria-label="正在回答" />}
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{turn.answer}</Text>
        {turn.error && (
          <Text c="red" size="sm" mt={turn.answer ? 'xs' : 0} role="alert">
            {turn.error}
          </Text>
        )}
        {turn.sources.length > 0 && (
          <Stack gap={2} mt="xs" data-testid="assistant-sources">
            <Text size="xs" c="dimmed">
              来源
            </Text>
            {turn.sources.map((source) => (
              <Anchor
                key={`${source.href}|${source.title}`}
                href={source.href}
                size="sm"
                style={{ display: 'flex', alignItems: 'center', minHeight: 44 }}
                onClick={(event) => {
                  event.preventDefault();
                  onNavigate();
                  void router.navigate({ href: source.href });
                }}
              >
                {source.title}
              </Anchor>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
