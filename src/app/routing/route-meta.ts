import '@tanstack/react-router';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Opens over the page the player came from (spec §2.1 "overlay"). */
    overlay?: boolean;
    /** A stand-in page: the route works for access tests but no menu links to it. */
    placeholder?: boolean;
  }
}

export interface RouteStaticData {
  overlay?: boolean;
  placeholder?: boolean;
}
