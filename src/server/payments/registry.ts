// The configured payment gateway: the sandbox adapter (PAYMENT_GATEWAY=sandbox, the default) or the
// configurable HTTP adapter (http), one per configuration object.
import type { PaymentsConfig } from '../config.ts';
import type { PaymentGateway } from './gateway.ts';
import { HttpGatewayAdapter } from './http-adapter.ts';
import { SandboxGatewayAdapter } from './sandbox-adapter.ts';

const gateways = new WeakMap<PaymentsConfig, PaymentGateway>();

export function gatewayFor(config: PaymentsConfig): PaymentGateway {
  let gateway = gateways.get(config);
  if (!gateway) {
    gateway =
      config.gateway === 'http' && config.http
        ? new HttpGatewayAdapter(config, config.http)
        : new SandboxGatewayAdapter({ gatewayUrl: config.gatewayUrl, merchantId: config.merchantId, secret: config.secret, timeoutMs: config.timeoutMs });
    gateways.set(config, gateway);
  }
  return gateway;
}
