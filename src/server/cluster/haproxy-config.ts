// deploy/haproxy/jinli.cfg with its addresses replaced: the frontend's bind, the statistics page's
// bind, and the API servers between the SERVERS markers. What the HAProxy test and the benchmarks
// run is therefore the documented file itself.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const HAPROXY_TEMPLATE = fileURLToPath(new URL('../../../deploy/haproxy/jinli.cfg', import.meta.url));

export interface HaproxyAddresses {
  /** e.g. 127.0.0.1:4150 */
  bind: string;
  stats: string;
  /** host:port of every API process. */
  servers: readonly string[];
  /** Log to stderr instead of syslog (a foreground haproxy in tests). */
  logToStderr?: boolean;
}

export function renderHaproxyConfig(addresses: HaproxyAddresses, template = readFileSync(HAPROXY_TEMPLATE, 'utf8')): string {
  const replaceAfter = (text: string, marker: string, line: string) => {
    const pattern = new RegExp(`(# ${marker}[^\\n]*\\n)\\s*bind [^\\n]*\\n`);
    if (!pattern.test(text)) throw new Error(`jinli.cfg: no bind line after "# ${marker}"`);
    return text.replace(pattern, `$1    bind ${line}\n`);
  };
  let config = replaceAfter(template, 'BIND', addresses.bind);
  config = replaceAfter(config, 'STATS', addresses.stats);
  const servers = addresses.servers.map((address, i) => `    server api${i + 1} ${address} check\n`).join('');
  const block = /(# BEGIN SERVERS[^\n]*\n)[\s\S]*?(\s*# END SERVERS)/;
  if (!block.test(config)) throw new Error('jinli.cfg: no SERVERS block');
  config = config.replace(block, `$1${servers}$2`.replace(/\n\n/, '\n'));
  if (addresses.logToStderr) config = config.replace(/log \/dev\/log local0 warning/, 'log stderr format raw local0 warning');
  return config;
}
