// Remembers, for each history entry of this page load, which page an overlay route was opened over.
// Kept in memory on purpose: after a reload nothing is remembered, so the overlay closes to the lobby
// (spec §2.1 "otherwise to /").
export interface HistoryEntryRef {
  href: string;
  key: string;
  index: number;
}

interface OverlayEntry {
  /** The page behind the overlay, or null when the overlay was the first thing loaded. */
  background: string | null;
  /** How many history entries separate this overlay from its background. */
  depth: number;
}

export type CloseAction = { kind: 'back'; delta: number } | { kind: 'navigate'; href: string };

export class NavigationMemory {
  private readonly overlays = new Map<string, OverlayEntry>();
  private lastPageHref: string | null = null;
  private last: (HistoryEntryRef & { overlay: boolean }) | null = null;
  private readonly listeners = new Set<() => void>();
  private version = 0;

  record(entry: HistoryEntryRef, isOverlay: boolean): void {
    if (isOverlay && !this.overlays.has(entry.key)) this.overlays.set(entry.key, this.overlayEntryFor(entry));
    if (!isOverlay) this.lastPageHref = entry.href;
    this.last = { ...entry, overlay: isOverlay };
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getVersion(): number {
    return this.version;
  }

  private overlayEntryFor(entry: HistoryEntryRef): OverlayEntry {
    const previous = this.last;
    if (!previous) return { background: null, depth: 0 };
    const steps = entry.index - previous.index;
    // Going back into entries from before this page load: their opener is unknown.
    if (steps < 0) return { background: null, depth: 0 };
    if (!previous.overlay) return { background: previous.href, depth: steps };
    const opener = this.overlays.get(previous.key);
    return { background: opener?.background ?? null, depth: (opener?.depth ?? 0) + steps };
  }

  /** The page currently shown as a page (not an overlay), if any was shown in this page load. */
  pageHref(): string | null {
    return this.lastPageHref;
  }

  backgroundOf(key: string): string | null {
    return this.overlays.get(key)?.background ?? null;
  }

  /** Closing an overlay: step back to the page it was opened over, else go to the lobby. */
  closeAction(key: string): CloseAction {
    const entry = this.overlays.get(key);
    if (!entry?.background) return { kind: 'navigate', href: '/' };
    if (entry.depth > 0) return { kind: 'back', delta: -entry.depth };
    return { kind: 'navigate', href: entry.background };
  }
}
