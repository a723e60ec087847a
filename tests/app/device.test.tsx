// The phone layout switch (src/app/lib/device.ts): one MediaQueryList for the page, however many
// components ask, and every one of them follows the window across the breakpoint.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PHONE_QUERY, useDeviceKind, useIsPhone } from '../../src/app/lib/device.ts';

class FakeMediaQueryList {
  listeners = new Set<(event: { matches: boolean }) => void>();
  constructor(
    readonly media: string,
    public matches: boolean,
  ) {}
  addEventListener(_type: 'change', listener: (event: { matches: boolean }) => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'change', listener: (event: { matches: boolean }) => void) {
    this.listeners.delete(listener);
  }
  change(matches: boolean) {
    this.matches = matches;
    for (const listener of this.listeners) listener({ matches });
  }
}

let lists: FakeMediaQueryList[] = [];
const original = window.matchMedia;

function installMatchMedia(phone: boolean) {
  lists = [];
  window.matchMedia = ((query: string) => {
    const list = new FakeMediaQueryList(query, phone);
    lists.push(list);
    return list;
  }) as unknown as typeof window.matchMedia;
}

function Probe({ id }: { id: number }) {
  const phone = useIsPhone();
  const kind = useDeviceKind();
  return <span data-testid={`probe-${id}`}>{`${phone} ${kind}`}</span>;
}

beforeEach(() => installMatchMedia(true));
afterEach(() => {
  window.matchMedia = original;
});

describe('useIsPhone', () => {
  it('asks matchMedia once for the page however many components render, and again only when matchMedia is replaced', () => {
    const view = render(
      <>
        {Array.from({ length: 12 }, (_, i) => (
          <Probe key={i} id={i} />
        ))}
      </>,
    );
    view.rerender(
      <>
        {Array.from({ length: 12 }, (_, i) => (
          <Probe key={i} id={i} />
        ))}
      </>,
    );
    expect(lists.map((list) => list.media)).toEqual([PHONE_QUERY]);
    expect(screen.getByTestId('probe-11').textContent).toBe('true MOBILE');
    view.unmount();
    installMatchMedia(false);
    render(<Probe id={0} />);
    expect(lists).toHaveLength(1);
    expect(screen.getByTestId('probe-0').textContent).toBe('false PC');
  });

  it('moves every component across the breakpoint when the window does, and stops listening when they unmount', () => {
    const view = render(
      <>
        <Probe id={1} />
        <Probe id={2} />
      </>,
    );
    const list = lists[0]!;
    act(() => list.change(false));
    expect(screen.getByTestId('probe-1').textContent).toBe('false PC');
    expect(screen.getByTestId('probe-2').textContent).toBe('false PC');
    act(() => list.change(true));
    expect(screen.getByTestId('probe-2').textContent).toBe('true MOBILE');
    view.unmount();
    expect(list.listeners.size).toBe(0);
  });
});
