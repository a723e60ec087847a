// The built-in assistant's knowledge: the help pages and visible announcements the operator wrote
// (read from the database), and every regular play method's 玩法说明 and 示例 from the lottery engine.
// The engine part never changes while the process runs; the content part is read again when it is
// older than CONTENT_TTL_MS (content edits reach the assistant within that time) or on `invalidate`.
import sanitizeHtml from 'sanitize-html';
import { DRAW_TYPES } from '../../shared/catalogue/draw-types.ts';
import { methodSetOf, methodsOf } from '../../shared/lottery/regular/registry.ts';
import type { Queryable } from '../db/pool.ts';
import { HELP_INDEX_TITLE, visibleAnnouncements } from '../content/store.ts';
import { SearchIndex, type Passage } from './search-index.ts';

export const CONTENT_TTL_MS = 60_000;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Sanitised content HTML as plain text: blocks and list items on lines of their own. */
export function htmlToText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|h[2-4]|li|blockquote|pre)>|<br\s*\/?>/gi, '$&\n'), { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

/** A help page split at its h2 headings: one passage per section, each linking to the page. */
export function helpPassages(slug: string, title: string, html: string): Passage[] {
  const href = `/help/${slug}`;
  const parts = html.split(/<h2[^>]*>/i);
  const passages: Passage[] = [];
  const intro = htmlToText(parts[0] ?? '');
  if (intro) passages.push({ title, href, text: intro });
  for (const part of parts.slice(1)) {
    const [heading = '', body = ''] = part.split(/<\/h2>/i);
    const text = htmlToText(body);
    const headingText = htmlToText(heading);
    if (text) passages.push({ title: `${title} · ${headingText}`, href, text });
  }
  return passages;
}

let enginePassagesCache: Passage[] | null = null;

/** One passage per regular method of each method set, linking to the first draw type that plays it. */
export function enginePassages(): Passage[] {
  if (enginePassagesCache) return enginePassagesCache;
  const seen = new Set<string>();
  const passages: Passage[] = [];
  for (const drawType of DRAW_TYPES) {
    if (drawType.product !== 'LOTTERY') continue;
    const set = methodSetOf(drawType);
    if (!set || seen.has(set)) continue;
    seen.add(set);
    for (const method of methodsOf(drawType.code)) {
      // 排列5 repeats the 时时彩 五星直选 word for word: the first game that explains a method keeps it.
      const key = `${method.fullName}|${method.help.rule}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const text = [`玩法说明：${method.help.rule}`, `示例：${method.help.example}`, ...method.layout.notes.map((note) => `说明：${note}`)].join('\n');
      passages.push({
        title: `${drawType.name} · 玩法说明 · ${method.fullName}`,
        href: `/game/regular/${drawType.code}`,
        text,
        keywords: `${method.group}${method.subGroup} ${method.fullName} ${method.group} ${method.subGroup} 玩法`,
      });
    }
  }
  return (enginePassagesCache = passages);
}

async function contentPassages(db: Queryable): Promise<Passage[]> {
  const help = await db.query<{ slug: string; title: string; summary: string | null; html: string }>('SELECT slug, title, summary, html FROM help_pages ORDER BY slug');
  const passages = help.rows.flatMap((row) => helpPassages(row.slug, row.title, row.html));
  passages.push(...help.rows.map((row) => ({ title: `${HELP_INDEX_TITLE} · ${row.title}`, href: `/help/${row.slug}`, text: row.summary ?? row.title })));
  for (const announcement of await visibleAnnouncements(db)) {
    passages.push({ title: `公告 · ${announcement.title}`, href: `/announcement/${encodeURIComponent(announcement.id)}`, text: htmlToText(announcement.html) });
  }
  return passages;
}

interface Built {
  index: SearchIndex;
  builtAt: number;
}

/** The current index of one database, rebuilt when stale; concurrent askers share one rebuild. */
export class Knowledge {
  private built: Built | null = null;
  private building: Promise<SearchIndex> | null = null;

  constructor(
    private readonly db: Queryable,
    private readonly now: () => number = Date.now,
  ) {}

  async index(): Promise<SearchIndex> {
    if (this.built && this.now() - this.built.builtAt < CONTENT_TTL_MS) return this.built.index;
    this.building ??= this.rebuild().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  /** The next question reads the content again (after an edit, in tests). */
  invalidate(): void {
    this.built = null;
  }

  private async rebuild(): Promise<SearchIndex> {
    const index = new SearchIndex([...(await contentPassages(this.db)), ...enginePassages()]);
    this.built = { index, builtAt: this.now() };
    return index;
  }
}

const byDatabase = new WeakMap<object, Knowledge>();

/** The one Knowledge of a pool, shared by the player route and the back office's "try" box. */
export function knowledgeFor(db: Queryable): Knowledge {
  let knowledge = byDatabase.get(db);
  if (!knowledge) byDatabase.set(db, (knowledge = new Knowledge(db)));
  return knowledge;
}
