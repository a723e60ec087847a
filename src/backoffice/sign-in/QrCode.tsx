// The enrolment QR code, an SVG drawn by our server. It is placed as SVG elements rather than as an
// <img> so that the Content-Security-Policy's img-src needs no data: source; a parsed document's
// scripts never run, and the policy forbids inline event handlers anyway.
import { Box } from '@mantine/core';
import { useEffect, useRef } from 'react';

export function QrCode({ svg, label }: { svg: string; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const parsed = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
    if (parsed.nodeName.toLowerCase() !== 'svg') return;
    parsed.setAttribute('width', '200');
    parsed.setAttribute('height', '200');
    parsed.setAttribute('aria-hidden', 'true');
    element.replaceChildren(document.importNode(parsed, true));
    return () => element.replaceChildren();
  }, [svg]);
  return <Box ref={host} role="img" aria-label={label} w={200} h={200} bg="white" data-testid="enrolment-qr" />;
}
