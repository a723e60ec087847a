// The preview of operator HTML: the server's sanitised version, shown through the same allow list
// the PWA uses (never innerHTML). Links open in a new tab: a player page is not a back-office route.
import { Alert, Loader, Paper, Text, Typography } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { createElement, useMemo, type ReactNode } from 'react';
import { parseContentHtml, type HtmlNode } from '../../../app/features/content/html-nodes.ts';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { CONTENT_ADMIN_PATHS, PreviewSchema } from '../../../shared/backoffice/content.ts';
import { boSend } from '../../lib/api.ts';
import { CONTENT_KEY } from './queries.ts';

function render(nodes: readonly HtmlNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === 'string') return node;
    const children = node.children.length > 0 ? render(node.children) : undefined;
    if (node.tag === 'a' && node.href) return createElement('a', { key: index, href: node.href, target: '_blank', rel: 'noopener noreferrer' }, children);
    return createElement(node.tag, { key: index }, children);
  });
}

export function SanitisedHtml({ html }: { html: string }) {
  const nodes = useMemo(() => parseContentHtml(html, window.location.origin), [html]);
  return <Typography>{render(nodes)}</Typography>;
}

/** The live preview of what would be stored, asked of the server half a second after typing stops. */
export function ContentPreview({ html }: { html: string }) {
  const [debounced] = useDebouncedValue(html, 500);
  const preview = useQuery({
    queryKey: [...CONTENT_KEY, 'preview', debounced],
    queryFn: () => boSend('POST', CONTENT_ADMIN_PATHS.preview, { html: debounced }, PreviewSchema),
    enabled: debounced.trim() !== '',
    retry: false,
    staleTime: Infinity,
  });
  return (
    <Paper withBorder p="md" data-testid="content-preview">
      <Text size="xs" c="dimmed" mb="xs">
        预览（服务器过滤后的内容，玩家看到的就是这样）
      </Text>
      {debounced.trim() === '' ? <Text c="dimmed">正文为空</Text> : null}
      {preview.isFetching && !preview.data ? <Loader size="sm" aria-label="预览生成中" /> : null}
      {preview.error ? <Alert color="red">{errorMessage(preview.error)}</Alert> : null}
      {preview.data && !preview.error ? <SanitisedHtml html={preview.data.html} /> : null}
    </Paper>
  );
}
