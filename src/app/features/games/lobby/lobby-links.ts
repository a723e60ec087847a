// The lobby's cards link with plain anchors (a router `Link` in a Mantine `Button` per link was a
// large part of rendering sixty-odd cards on a phone); one handler on the lobby turns their clicks
// into router navigations and preloads a page's code when a pointer or focus comes to its link.
import { useRouter } from '@tanstack/react-router';
import { useMemo, type FocusEvent, type MouseEvent } from 'react';
import { asRouteHref } from '../../../capabilities/capabilities.tsx';

/** Marks an anchor the lobby navigates to inside the app. */
export const LOBBY_NAV = { 'data-lobby-nav': '' } as const;

function lobbyAnchor(target: EventTarget | null): HTMLAnchorElement | null {
  const anchor = target instanceof Element ? target.closest('a[data-lobby-nav]') : null;
  return anchor instanceof HTMLAnchorElement && !anchor.target ? anchor : null;
}

export function useLobbyLinkHandlers() {
  const router = useRouter();
  return useMemo(() => {
    let preloaded: string | null = null;
    const preload = (event: MouseEvent | FocusEvent) => {
      const href = lobbyAnchor(event.target)?.getAttribute('href');
      if (!href || href === preloaded) return;
      preloaded = href;
      void router.preloadRoute({ to: asRouteHref(href) }).catch(() => undefined);
    };
    return {
      onClick: (event: MouseEvent) => {
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        const href = lobbyAnchor(event.target)?.getAttribute('href');
        if (!href) return;
        event.preventDefault();
        void router.navigate({ to: asRouteHref(href) });
      },
      onMouseOver: preload,
      onFocus: preload,
    };
  }, [router]);
}
