// Capabilities that are not a route of this app: server page navigations, endpoints and widgets
// that later issues build. A menu entry or floating item that needs one stays hidden until its flag
// is switched on where the capability lands, so nothing on screen ever leads nowhere.
export const FEATURE_FLAGS = {
  /** `/trial/{id}?referral=…`: the page that opens a trial account (spec §7, features/accounts/trial). */
  trialSignup: true,
  /** The register form of the login modal (`POST /ajax/registration-link/{id}/register`). */
  registration: true,
  /** `/third-party-game/game?gameProvider&gameCatalog&gameRoom` in a new tab (spec §7). */
  thirdPartyLaunch: true,
  /** `GET /ajax/fishing-joy`: the rooms of each fishing provider. */
  fishingRooms: true,
  /** The `/customer-service` window (600×600) with token, source and route. */
  customerService: true,
  /** Jackpot pool detail and its footer button. */
  jackpotPool: true,
  /** The domain list behind the header's domain button (`GET /ajax/registration-domain`). */
  domainList: true,
  /** The order detail root overlay (spec §2.2), opened on any route with `?order=<id>` (useOpenOrderDetail). */
  orderDetail: true,
  /** Trend charts (走势图): `<TrendChart>` for the game pages and the `/game/chart/{type}` page. */
  trendChart: true,
  /** 追号: the autobet screen and detail root overlays (`?autobetFor=`, `?autobet=`) and `/account/autobet/{tab}`. */
  autobet: true,
} as const;

export type FeatureName = keyof typeof FEATURE_FLAGS;
