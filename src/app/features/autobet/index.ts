// Autobet (追号) for the game pages: whether to offer it and opening the autobet screen with the slip's bets.
export { useAutobetAvailable, autobetAllowed } from './autobet-availability.ts';
export type { AutobetRequest } from './autobet-request.ts';
export { useOpenAutobetDetail, useOpenAutobetScreen } from './use-autobet-navigation.ts';
export { AutobetListLink } from './AutobetListLink.tsx';
