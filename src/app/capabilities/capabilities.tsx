import { useRouter } from '@tanstack/react-router';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { FEATURE_FLAGS, type FeatureName } from './features.ts';

/** Route paths (as the router spells them) that shell entries may lead to. */
export type CapabilityPath =
  | '/game/regular/$type'
  | '/game/board/$type'
  | '/game/dice/$type'
  | '/game/slot-machine/{-$tab}'
  | '/draw-results'
  | '/wallet/deposit'
  | '/wallet/third-party/{-$tab}'
  | '/wallet/withdrawal/{-$tab}'
  | '/account/center'
  | '/account/vip'
  | '/account/order'
  | '/agent/team-overview'
  | '/mail/{-$tab}'
  | '/campaign/{-$tab}';

export interface Capabilities {
  route: (path: CapabilityPath) => boolean;
  feature: (name: FeatureName) => boolean;
}

const CapabilityOverrides = createContext<Partial<Record<CapabilityPath | FeatureName, boolean>> | null>(null);

/** Tests (and nothing else) switch capabilities on or off here. */
export function CapabilityOverridesProvider({
  value,
  children,
}: {
  value: Partial<Record<CapabilityPath | FeatureName, boolean>>;
  children: ReactNode;
}) {
  return <CapabilityOverrides.Provider value={value}>{children}</CapabilityOverrides.Provider>;
}

/** A route is available when a later issue has added its file and it is not a placeholder. */
export function useCapabilities(): Capabilities {
  const router = useRouter();
  const overrides = useContext(CapabilityOverrides);
  return useMemo(() => {
    const routes = router.routesByPath as unknown as Record<string, { options: { staticData?: { placeholder?: boolean } } } | undefined>;
    return {
      route: (path) => overrides?.[path] ?? (routes[path] !== undefined && !routes[path].options.staticData?.placeholder),
      feature: (name) => overrides?.[name] ?? FEATURE_FLAGS[name],
    };
  }, [router, overrides]);
}

/**
 * Links to routes that later issues add are typed as strings until their files exist; the
 * capability check above guarantees the route is there whenever such a link renders.
 */
export function asRouteHref(href: string): '/' {
  return href as '/';
}
