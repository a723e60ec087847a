// The body of a platform mail: HTML typed on the left, shown on the right through the allow list the
// PWA renders with. Unlike the content editor it asks the server for no preview, which needs
// content.manage — a 客服 operator sends mail without it. The server sanitises what it stores.
import { Paper, SimpleGrid, Text, Textarea } from '@mantine/core';
import { SanitisedHtml } from '../content/ContentPreview.tsx';

export function MailHtmlField({ value, onChange }: { value: string; onChange: (html: string) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Textarea
        label="正文（HTML）"
        description="可用标签：p、h2–h4、strong、em、u、s、ul/ol/li、blockquote、a（http/https）、hr、code、pre、br。其他标签、样式和脚本发送时会被移除。"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        autosize
        minRows={10}
        maxRows={24}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        required
      />
      <Paper withBorder p="md" data-testid="bo-mail-preview">
        <Text size="xs" c="dimmed" mb="xs">
          预览（会员看到的样子）
        </Text>
        <SanitisedHtml html={value} />
      </Paper>
    </SimpleGrid>
  );
}
