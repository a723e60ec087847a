// Writing: text (≤ 1000 characters) or an image (PNG/JPEG/WebP ≤ 2 MB). Sending needs a connection:
// offline the controls are disabled and say why.
import { Button, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { useRef, useState } from 'react';
import { SUPPORT_IMAGE_MAX_BYTES, SUPPORT_IMAGE_TYPES, SUPPORT_MESSAGES, SUPPORT_TEXT_MAX, SupportTextSchema } from '../../../shared/api/support-chat.ts';

const TYPING_EVERY_MS = 3_000;

export interface ComposerProps {
  offline: boolean;
  sending: boolean;
  onText(text: string): Promise<boolean>;
  onImage(file: File): void;
  onTyping?(): void;
  placeholder?: string;
}

/** The first problem with an image the player picked, checked again by the server. */
export function imageProblem(file: File): string | null {
  if (!(SUPPORT_IMAGE_TYPES as readonly string[]).includes(file.type)) return SUPPORT_MESSAGES.imageType;
  if (file.size > SUPPORT_IMAGE_MAX_BYTES) return SUPPORT_MESSAGES.imageSize;
  return null;
}

export function Composer({ offline, sending, onText, onImage, onTyping, placeholder = '请输入您要咨询的问题' }: ComposerProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const lastTyping = useRef(0);
  const submit = async () => {
    const parsed = SupportTextSchema.safeParse(text);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? SUPPORT_MESSAGES.empty);
      return;
    }
    setProblem(null);
    if (await onText(parsed.data)) setText('');
  };
  const change = (value: string) => {
    setText(value);
    if (onTyping && value && Date.now() - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = Date.now();
      onTyping();
    }
  };
  const pick = (file: File | null) => {
    if (!file) return;
    const invalid = imageProblem(file);
    setProblem(invalid);
    if (!invalid) onImage(file);
  };
  return (
    <Stack gap={4} p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {offline && (
        <Text size="sm" c="orange" role="status" data-testid="chat-offline-reason">
          {SUPPORT_MESSAGES.offline}
        </Text>
      )}
      {problem && (
        <Text size="sm" c="red" role="alert" data-testid="chat-problem">
          {problem}
        </Text>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Textarea
            aria-label="消息内容"
            placeholder={placeholder}
            value={text}
            onChange={(event) => change(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                void submit();
              }
            }}
            autosize
            minRows={1}
            maxRows={4}
            maxLength={SUPPORT_TEXT_MAX}
            disabled={offline}
            style={{ flex: 1 }}
            data-testid="chat-input"
          />
          <FileButton onChange={pick} accept={SUPPORT_IMAGE_TYPES.join(',')} disabled={offline || sending}>
            {(props) => (
              <Button {...props} variant="default" h={44} disabled={offline || sending} data-testid="chat-image-button">
                图片
              </Button>
            )}
          </FileButton>
          <Button type="submit" h={44} loading={sending} disabled={offline} data-testid="chat-send">
            发送
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
