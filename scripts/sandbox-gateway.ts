// `npm run sandbox:gateway`: the sandbox payment gateway (沙箱支付) as its own process. `npm start` and
// the tests start it the same way. Prints one line with its URL once it listens (the test helper and
// scripts/start.ts read it); SIGINT/SIGTERM stop it. Its state is in memory: a restart forgets payments.
import { sandboxSettings } from '../src/sandbox/gateway/config.ts';
import { createSandboxGateway } from '../src/sandbox/gateway/server.ts';
import { isAddressInUse } from '../src/server/startup/ports.ts';

let settings;
try {
  settings = sandboxSettings();
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(2);
}

const gateway = createSandboxGateway(settings);
try {
  const url = await gateway.listen();
  process.stdout.write(`沙箱支付网关已启动: ${url}\n`);
} catch (error) {
  if (isAddressInUse(error)) {
    process.stderr.write(`端口 ${settings.port} 已被占用，沙箱支付网关无法启动：请停止占用它的程序，或用环境变量 SANDBOX_GATEWAY_PORT 换一个端口。\n`);
    process.exit(1);
  }
  throw error;
}

const stop = () => {
  void gateway.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
// Started by a test helper: end with it, even when it dies without stopping us.
if (process.env.SANDBOX_EXIT_WITH_PARENT === '1') {
  process.stdin.on('end', stop).on('error', stop).resume();
}
