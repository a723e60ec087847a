// `npm run sandbox:provider`: the sandbox game provider (沙箱游戏服务商) as its own process. `npm start`
// and the tests start it the same way. Prints one line with its URL once it listens (the test helper
// and scripts/start.ts read it); SIGINT/SIGTERM stop it. Its state is in memory: a restart forgets
// players, wallets, transfers and bet records.
import { providerSandboxSettings } from '../src/sandbox/provider/config.ts';
import { createSandboxProvider } from '../src/sandbox/provider/server.ts';
import { isAddressInUse } from '../src/server/startup/ports.ts';

let settings;
try {
  settings = providerSandboxSettings();
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(2);
}

const service = createSandboxProvider(settings);
try {
  const url = await service.listen();
  process.stdout.write(`沙箱游戏服务商已启动: ${url}\n`);
} catch (error) {
  if (isAddressInUse(error)) {
    process.stderr.write(`端口 ${settings.port} 已被占用，沙箱游戏服务商无法启动：请停止占用它的程序，或用环境变量 SANDBOX_PROVIDER_PORT 换一个端口。\n`);
    process.exit(1);
  }
  throw error;
}

const stop = () => {
  void service.close().then(
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
