// Placeholder: issue 17 (helper H1 replaces this file). The configured payment gateway: the sandbox
// adapter (PAYMENT_GATEWAY=sandbox, the default) or the configurable HTTP adapter (http), one per
// configuration.
import type { PaymentsConfig } from '../config.ts';
import type { PaymentGateway } from './gateway.ts';

export function gatewayFor(_config: PaymentsConfig): PaymentGateway {
  throw new Error('payment gateway not built yet');
}
