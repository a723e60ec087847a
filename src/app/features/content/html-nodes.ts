// Operator HTML, already sanitised by the server, is still never handed to innerHTML: it is parsed
// inert (DOMParser runs no script and loads nothing) and only an allow list of elements and of link
// addresses becomes React elements. Anything else keeps its text and loses its markup.

export type HtmlNode = string | { tag: AllowedTag; href?: string; external?: boolean; children: HtmlNode[] };

const ALLOWED_TAGS = ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'a', 'hr', 'code', 'pre'] as const;
export type AllowedTag = (typeof ALLOWED_TAGS)[number];
const ALLOWED = new Set<string>(ALLOWED_TAGS);
/** Elements whose text is not content: dropped with what they hold. */
const DROPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'head', 'title']);

/** A link the app may follow: http(s) anywhere, or a path on this site. Protocol-relative `//host` is neither. */
export function safeHref(href: string | null, origin: string): { href: string; external: boolean } | null {
  if (!href) return null;
  const trimmed = href.trim();
  if (trimmed.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(trimmed, origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin === origin ? { href: `${url.pathname}${url.search}${url.hash}`, external: false } : { href: url.href, external: true };
}

function convert(node: Node, origin: string): HtmlNode[] {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ? [node.textContent] : [];
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return [];
  const children = [...element.childNodes].flatMap((child) => convert(child, origin));
  if (!ALLOWED.has(tag)) return children;
  if (tag === 'a') {
    const link = safeHref(element.getAttribute('href'), origin);
    return [link ? { tag: 'a', href: link.href, external: link.external, children } : { tag: 'a', children }];
  }
  return [{ tag: tag as AllowedTag, children }];
}

export function parseContentHtml(html: string, origin: string): HtmlNode[] {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return [...document.body.childNodes].flatMap((node) => convert(node, origin));
}
