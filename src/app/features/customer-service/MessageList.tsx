// The conversation, oldest first. Text is rendered as text (never as HTML); images load from the
// customer's own image path.
import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { SupportMessage } from '../../../shared/api/support-chat.ts';

function time(iso: string): string {
  return new Date(iso).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', hour12: false });
}

export function MessageBody({ message }: { message: SupportMessage }) {
  if (message.kind === 'IMAGE' && message.imageUrl) {
    return (
      <Anchor href={message.imageUrl} target="_blank" rel="noopener noreferrer">
        <img src={message.imageUrl} alt="图片消息" style={{ maxWidth: 220, maxHeight: 220, display: 'block', borderRadius: 6 }} data-testid="chat-image" />
      </Anchor>
    );
  }
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="chat-text">
      {message.text}
    </Text>
  );
}

export function MessageList({
  messages,
  mine,
  readUpTo,
  nameOf,
  footer,
}: {
  messages: readonly SupportMessage[];
  /** Which side is "me" (right-aligned, with read receipts). */
  mine: SupportMessage['sender'];
  readUpTo: number;
  nameOf: (message: SupportMessage) => string;
  footer?: React.ReactNode;
}) {
  const end = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    // Braces: scrollIntoView may return a promise, which must not become the effect's cleanup.
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [newest]);
  return (
    <Stack gap="xs" p="sm" data-testid="chat-messages">
      {messages.map((message) =>
        message.sender === 'SYSTEM' ? (
          <Text key={message.id} size="xs" c="dimmed" ta="center" data-testid="chat-system" style={{ whiteSpace: 'pre-wrap' }}>
            {message.text}
          </Text>
        ) : (
          <Group key={message.id} justify={message.sender === mine ? 'flex-end' : 'flex-start'} data-testid="chat-message" data-sender={message.sender}>
            <Box maw="80%">
              <Text size="xs" c="dimmed" ta={message.sender === mine ? 'right' : 'left'}>
                {nameOf(message)} · {time(message.createdAt)}
              </Text>
              <Box
                px="sm"
                py={6}
                style={{
                  borderRadius: 10,
                  background: message.sender === mine ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-default-hover)',
                }}
              >
                <MessageBody message={message} />
              </Box>
              {message.sender === mine && message.id <= readUpTo && (
                <Text size="xs" c="dimmed" ta="right" data-testid="chat-read">
                  已读
                </Text>
              )}
            </Box>
          </Group>
        ),
      )}
      {footer}
      <div ref={end} />
    </Stack>
  );
}
