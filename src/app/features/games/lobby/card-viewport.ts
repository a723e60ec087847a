// Whether a lobby card is on screen, from one IntersectionObserver shared by every card: sixty-odd
// observers (one per card) were a measurable part of the lobby's first load on a phone.
import { useEffect, useRef, useState, type RefObject } from 'react';

type Callback = (inViewport: boolean) => void;

const callbacks = new WeakMap<Element, Callback>();
let observer: IntersectionObserver | null = null;

function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) callbacks.get(entry.target)?.(entry.isIntersecting);
  });
  return observer;
}

export function useCardInViewport<T extends Element>(): { ref: RefObject<T | null>; inViewport: boolean } {
  const ref = useRef<T>(null);
  const [inViewport, setInViewport] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const shared = sharedObserver();
    callbacks.set(element, setInViewport);
    shared.observe(element);
    return () => {
      shared.unobserve(element);
      callbacks.delete(element);
    };
  }, []);
  return { ref, inViewport };
}
