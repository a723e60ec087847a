// Our own simple logos (spec §3.5: every provider has one, AVIA included): the provider's short name
// on a colour of its own. Drawn inline, so a menu or card shows them without fetching anything.
import type { ThirdPartyProvider } from '../../../shared/enums.ts';
import { PROVIDER_NAMES } from '../games/menu-model.ts';

const LOGO_COLOURS: Record<ThirdPartyProvider, string> = {
  AG: '#c92a2a',
  BBIN: '#a61e4d',
  CQ9: '#e8590c',
  IBC: '#2b8a3e',
  JDB: '#1864ab',
  KY: '#d9480f',
  LC: '#5f3dc4',
  LEG: '#087f5b',
  MG: '#364fc7',
  PT: '#0b7285',
  IM: '#5c940d',
  PG: '#862e9c',
  PP: '#c2255c',
  WALI: '#1971c2',
  XM: '#495057',
  AVIA: '#343a40',
};

/** The mark: up to four characters fit the square. */
function markText(provider: ThirdPartyProvider): string {
  return PROVIDER_NAMES[provider].slice(0, 4);
}

export function ProviderLogo({ provider, size = 40 }: { provider: ThirdPartyProvider; size?: number }) {
  const text = markText(provider);
  const fontSize = text.length <= 2 ? 16 : text.length === 3 ? 13 : 10;
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false" data-testid="provider-logo" data-provider={provider} style={{ flex: 'none' }}>
      <rect x="0" y="0" width="40" height="40" rx="9" fill={LOGO_COLOURS[provider]} />
      <circle cx="33" cy="7" r="3" fill="#fff" opacity="0.35" />
      <text x="20" y="21" fill="#fff" fontSize={fontSize} fontWeight="700" textAnchor="middle" dominantBaseline="middle" fontFamily="system-ui, sans-serif">
        {text}
      </text>
    </svg>
  );
}
