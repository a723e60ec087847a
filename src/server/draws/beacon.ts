// An optional public randomness beacon mixed into platform draws (decisions §4): the round used for
// an issue is fixed by its draw time (the first round at or after it), so it is known before sales
// open and its value is unknown to everyone, the operator included, until the draw. Configured by
// BEACON_URL (e.g. a drand HTTP endpoint "https://…/public/{round}" answering { randomness: hex }),
// BEACON_GENESIS (unix seconds of round 1) and BEACON_PERIOD_SECONDS.
export interface BeaconSource {
  roundFor(drawAt: number): number;
  /** The round's value as hex, or null while it is not published yet. */
  valueFor(drawAt: number): Promise<string | null>;
}

export interface HttpBeaconOptions {
  urlTemplate: string;
  genesisSeconds: number;
  periodSeconds: number;
  fetchImpl?: typeof fetch;
}

export class HttpBeacon implements BeaconSource {
  constructor(private readonly options: HttpBeaconOptions) {}

  roundFor(drawAt: number): number {
    const elapsed = drawAt / 1000 - this.options.genesisSeconds;
    return Math.max(1, Math.ceil(elapsed / this.options.periodSeconds) + 1);
  }

  async valueFor(drawAt: number): Promise<string | null> {
    const url = this.options.urlTemplate.replaceAll('{round}', String(this.roundFor(drawAt)));
    const response = await (this.options.fetchImpl ?? fetch)(url, { signal: AbortSignal.timeout(5_000) });
    if (response.status === 404 || response.status === 425) return null;
    if (!response.ok) throw new Error(`beacon answered ${response.status}`);
    const body = (await response.json()) as { randomness?: unknown };
    const value = typeof body.randomness === 'string' ? body.randomness.toLowerCase() : '';
    if (!/^[0-9a-f]{32,128}$/.test(value) || value.length % 2 !== 0) throw new Error('beacon value is not hex');
    return value;
  }
}
