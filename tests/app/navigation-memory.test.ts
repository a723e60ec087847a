import { describe, expect, it } from 'vitest';
import { NavigationMemory } from '../../src/app/routing/navigation-memory.ts';

const entry = (href: string, key: string, index: number) => ({ href, key, index });

describe('overlay background and closing (spec §2.1)', () => {
  it('an overlay opened from a page closes back to that page', () => {
    const memory = new NavigationMemory();
    memory.record(entry('/help', 'a', 0), false);
    memory.record(entry('/download', 'b', 1), true);
    expect(memory.backgroundOf('b')).toBe('/help');
    expect(memory.closeAction('b')).toEqual({ kind: 'back', delta: -1 });
  });

  it('an overlay loaded first (deep link or reload) closes to the lobby', () => {
    const memory = new NavigationMemory();
    memory.record(entry('/download', 'x', 3), true);
    expect(memory.backgroundOf('x')).toBeNull();
    expect(memory.closeAction('x')).toEqual({ kind: 'navigate', href: '/' });
  });

  it('overlay-to-overlay keeps the first background and closes all the way back', () => {
    const memory = new NavigationMemory();
    memory.record(entry('/usdt/register', 'a', 0), false);
    memory.record(entry('/announcement', 'b', 1), true);
    memory.record(entry('/announcement/welcome', 'c', 2), true);
    expect(memory.backgroundOf('c')).toBe('/usdt/register');
    expect(memory.closeAction('c')).toEqual({ kind: 'back', delta: -2 });
  });

  it('a replaced overlay keeps its depth', () => {
    const memory = new NavigationMemory();
    memory.record(entry('/help', 'a', 4), false);
    memory.record(entry('/announcement', 'b', 5), true);
    memory.record(entry('/announcement/welcome', 'c', 5), true);
    expect(memory.closeAction('c')).toEqual({ kind: 'back', delta: -1 });
  });

  it('an overlay that replaced its page navigates to that page on close', () => {
    const memory = new NavigationMemory();
    memory.record(entry('/help', 'a', 2), false);
    memory.record(entry('/download', 'b', 2), true);
    expect(memory.closeAction('b')).toEqual({ kind: 'navigate', href: '/help' });
  });

  it('back and forward revisit an overlay with the background it was opened over', () => {
    const memory = new NavigationMemory();
    memory.record(entry('/help', 'a', 0), false);
    memory.record(entry('/download', 'b', 1), true);
    memory.record(entry('/help', 'a', 0), false);
    memory.record(entry('/', 'c', 1), false);
    memory.record(entry('/help', 'a', 0), false);
    memory.record(entry('/download', 'b', 1), true);
    expect(memory.backgroundOf('b')).toBe('/help');
  });

  it('entries from before a reload have no known background', () => {
    const memory = new NavigationMemory();
    memory.record(entry('/help', 'a', 5), false);
    memory.record(entry('/download', 'old', 4), true);
    expect(memory.closeAction('old')).toEqual({ kind: 'navigate', href: '/' });
  });

  it('remembers the page currently shown for the login redirect', () => {
    const memory = new NavigationMemory();
    expect(memory.pageHref()).toBeNull();
    memory.record(entry('/help/terms', 'a', 0), false);
    memory.record(entry('/download', 'b', 1), true);
    expect(memory.pageHref()).toBe('/help/terms');
  });
});
