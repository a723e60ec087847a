// The fault controls currently in force. Changed only through the signed control API.
import { NO_FAULTS, SandboxFaultsSchema, type SandboxFaults } from '../../shared/payments/sandbox-faults.ts';

export class FaultState {
  private current: SandboxFaults = { ...NO_FAULTS };
  private readonly listeners: Array<(faults: SandboxFaults) => void> = [];

  get(): SandboxFaults {
    return { ...this.current };
  }

  /** Applies a partial change (validated as a whole); returns the faults now in force. */
  patch(change: Partial<SandboxFaults>): SandboxFaults {
    this.current = SandboxFaultsSchema.parse({ ...this.current, ...change });
    for (const listener of this.listeners) listener(this.get());
    return this.get();
  }

  onChange(listener: (faults: SandboxFaults) => void): void {
    this.listeners.push(listener);
  }
}
