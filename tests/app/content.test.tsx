// The PWA's side of operator content: HTML shown through an allow list (never innerHTML), read from
// the content API, refetched while shown and when the contentChanged live event names its area.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyContentChanged, announcementsQueryOptions, helpPageQueryOptions, tutorialQueryOptions } from '../../src/app/features/content/content-queries.ts';
import { parseContentHtml, safeHref, type HtmlNode } from '../../src/app/features/content/html-nodes.ts';

const ORIGIN = 'https://jinli.example';

afterEach(() => vi.unstubAllGlobals());

describe('content HTML', () => {
  it('keeps the allowed structure and text, drops what runs or restyles', () => {
    const nodes = parseContentHtml(
      '<h2 onclick="x()">标题</h2><p style="color:red">段落<script>alert(1)</script><img src=x onerror="alert(2)"></p><iframe src="https://evil.example">框</iframe><ul><li>一</li></ul><marquee>保留文字</marquee>',
      ORIGIN,
    );
    expect(nodes).toEqual<HtmlNode[]>([
      { tag: 'h2', children: ['标题'] },
      { tag: 'p', children: ['段落'] },
      { tag: 'ul', children: [{ tag: 'li', children: ['一'] }] },
      '保留文字',
    ]);
  });

  it('follows only http(s) and same-site links', () => {
    expect(safeHref('javascript:alert(1)', ORIGIN)).toBeNull();
    expect(safeHref(' JaVaScRiPt:alert(1)', ORIGIN)).toBeNull();
    expect(safeHref('data:text/html,x', ORIGIN)).toBeNull();
    expect(safeHref('//evil.example/x', ORIGIN)).toBeNull();
    expect(safeHref('/help/terms?x=1#a', ORIGIN)).toEqual({ href: '/help/terms?x=1#a', external: false });
    expect(safeHref(`${ORIGIN}/usdt/register`, ORIGIN)).toEqual({ href: '/usdt/register', external: false });
    expect(safeHref('https://example.com/a', ORIGIN)).toEqual({ href: 'https://example.com/a', external: true });
    expect(parseContentHtml('<a href="javascript:alert(1)">坏</a>', ORIGIN)).toEqual([{ tag: 'a', children: ['坏'] }]);
  });
});

describe('content queries', () => {
  const announcements = { items: [{ id: '1001', title: '新公告', publishedAt: '2026-11-26T00:00:00.000Z', pinned: false, html: '<p>新</p>' }] };

  it('read the content API (offline, the service worker answers: sw/content-cache.ts)', async () => {
    const requested: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        requested.push(input);
        return new Response(JSON.stringify(announcements), { status: 200 });
      }),
    );
    expect(await new QueryClient().fetchQuery(announcementsQueryOptions())).toEqual(announcements);
    expect(requested).toEqual(['/ajax/content/announcements']);
  });

  it('refetch within a minute while shown, and at once for the area a live event names', () => {
    expect(announcementsQueryOptions().refetchInterval).toBeLessThanOrEqual(30_000);
    expect(helpPageQueryOptions('terms').refetchInterval).toBeLessThanOrEqual(30_000);
    const queryClient = new QueryClient();
    for (const options of [announcementsQueryOptions(), helpPageQueryOptions('terms'), tutorialQueryOptions('usdt/register')]) {
      queryClient.setQueryData(options.queryKey as readonly unknown[], {});
    }
    applyContentChanged(queryClient, 'help');
    expect(queryClient.getQueryState(helpPageQueryOptions('terms').queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(announcementsQueryOptions().queryKey)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(tutorialQueryOptions('usdt/register').queryKey)?.isInvalidated).toBe(false);
    applyContentChanged(queryClient, 'announcements');
    expect(queryClient.getQueryState(announcementsQueryOptions().queryKey)?.isInvalidated).toBe(true);
  });
});
