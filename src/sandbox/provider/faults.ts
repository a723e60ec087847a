// The fault controls in force, one set per provider code. Changed only through the signed control API.
import type { ThirdPartyProvider } from '../../shared/enums.ts';
import { NO_PROVIDER_FAULTS, ProviderFaultsSchema, type ProviderFaults } from '../../shared/providers/sandbox-faults.ts';

export class ProviderFaultBook {
  private readonly faults = new Map<ThirdPartyProvider, ProviderFaults>();

  get(provider: ThirdPartyProvider): ProviderFaults {
    return { ...(this.faults.get(provider) ?? NO_PROVIDER_FAULTS) };
  }

  /** Applies a partial change (validated as a whole); returns the faults now in force. */
  patch(provider: ThirdPartyProvider, change: Partial<ProviderFaults>): ProviderFaults {
    this.faults.set(provider, ProviderFaultsSchema.parse({ ...this.get(provider), ...change }));
    return this.get(provider);
  }

  clear(): void {
    this.faults.clear();
  }
}

/** Sleeps that end early when the service closes (a held answer must not keep the process alive). */
export class Sleeper {
  private readonly pending = new Set<() => void>();

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.pending.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.pending.add(done);
    });
  }

  wakeAll(): void {
    for (const done of [...this.pending]) done();
  }
}
