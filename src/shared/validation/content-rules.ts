// Spec §5 rules for domains, links, remarks and rich-text content.
import { HTML_CONTENT_MAX_LENGTH } from './content-limits.ts';
import { charLength, matches, textRule } from './field-rule.ts';

const DOMAIN = /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*$/;

// An e-mail address names a domain but is not a link, so addresses are removed before looking.
const EMAIL_ANYWHERE = /[\w.%+-]+@[\w-]+(?:\.[\w-]+)+/g;
const LINK =
  /[a-z][a-z\d+.-]*:\/\/|\bwww\.|\b[a-z\d-]+(?:\.[a-z\d-]+)*\.(?:com|net|org|cn|top|xyz|vip|cc|io|me|info|co|app|link|site|club|shop|live|tv|hk|tw)\b/i;

function containsLink(text: string): boolean {
  return LINK.test(text.replace(EMAIL_ANYWHERE, ' '));
}

// An editor left empty still holds markup such as '<p><br></p>'; media alone counts as content.
const EMBEDDED_MEDIA = /<(?:img|video|audio|iframe|embed|object)\b/i;

function hasVisibleContent(html: string): boolean {
  if (EMBEDDED_MEDIA.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;|\u200b/gi, ' ')
    .trim();
  return text !== '';
}

export const rootDomain = textRule({
  label: '主域名',
  checks: [
    matches(DOMAIN, '主域名格式有误，仅支持小写字母、数字、-、_ 和 .'),
    { test: (text) => !text.startsWith('www.'), message: '主域名不能以 www. 开头' },
  ],
});

export const domain = textRule({
  label: '域名',
  checks: [matches(DOMAIN, '域名格式有误，仅支持小写字母、数字、-、_ 和 .')],
});

export const url = textRule({
  label: '网址',
  checks: [matches(/^https?:\/\/\S+$/i, '网址必须以 http:// 或 https:// 开头')],
});

export const contact = textRule({
  label: '联系方式',
  checks: [{ test: (text) => !containsLink(text), message: '联系方式不可以包含链接' }],
});

/** Spec: 0–8 characters, so forms use `optional`; `required` is for a remark that must be given. */
export const regLinkRemark = textRule({
  label: '备注',
  kind: 'name',
  checks: [{ test: (text) => charLength(text) <= 8, message: '备注最多 8 个字' }],
});

/** Spec: at most 16 characters, so forms use `optional`. */
export const chatRemarkAndStatus = textRule({
  label: '内容',
  kind: 'name',
  checks: [matches(/^[A-Za-z0-9\p{Script=Han} ]{1,16}$/u, '最多 16 个字，仅支持中英文、数字和空格')],
});

export const htmlContent = textRule({
  label: '内容',
  keepWhitespace: true,
  kind: 'multiline',
  checks: [
    { test: hasVisibleContent, message: '内容不可以为空' },
    { test: (html) => charLength(html) <= HTML_CONTENT_MAX_LENGTH, message: '内容过长' },
  ],
});
