import '@mantine/core/styles/Typography.css';
import { Typography } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { createElement, useMemo, type ReactNode } from 'react';
import { asRouteHref } from '../../capabilities/capabilities.tsx';
import { parseContentHtml, type HtmlNode } from './html-nodes.ts';

function render(nodes: readonly HtmlNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === 'string') return node;
    const children = node.children.length > 0 ? render(node.children) : undefined;
    if (node.tag === 'a' && node.href) {
      return node.external ? (
        <a key={index} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
          {children}
        </a>
      ) : (
        <Link key={index} to={asRouteHref(node.href)}>
          {children}
        </Link>
      );
    }
    return createElement(node.tag, { key: index }, children);
  });
}

/** Operator-published HTML (announcements, help, tutorials), shown through the allow list of html-nodes.ts. */
export function ContentHtml({ html }: { html: string }) {
  const nodes = useMemo(() => parseContentHtml(html, window.location.origin), [html]);
  return (
    <Typography className="jl-content" data-testid="content-html">
      {render(nodes)}
    </Typography>
  );
}
