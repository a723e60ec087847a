// The body of a content page: HTML typed on the left, the server's sanitised preview on the right
// (side by side on a desktop, one above the other on a tablet).
import { SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { ContentPreview, SanitisedHtml } from './ContentPreview.tsx';

interface Props {
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  readOnly: boolean;
}

export function HtmlField({ value, onChange, error, readOnly }: Props) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Stack gap={4}>
        <Textarea
          label="正文（HTML）"
          description="可用标签：p、h2–h4、strong、em、u、s、ul/ol/li、blockquote、a（http/https 或站内链接）、hr、code、pre、br。其他标签、样式和脚本保存时会被移除。"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          readOnly={readOnly}
          autosize
          minRows={12}
          maxRows={30}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          required
        />
      </Stack>
      {readOnly ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            内容
          </Text>
          <SanitisedHtml html={value} />
        </Stack>
      ) : (
        <ContentPreview html={value} />
      )}
    </SimpleGrid>
  );
}
