import { Alert, Button, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { OverlayFrame } from '../../components/shell/OverlayFrame.tsx';
import { PlusSquareIcon, ShareIcon } from '../../components/icons.tsx';
import { inAppBrowser, isIos, isStandalone } from '../../lib/platform.ts';
import { installState, promptInstall } from '../../lib/pwa/install-prompt.ts';
import { useSimpleStore } from '../../lib/store/simple-store.ts';

const IN_APP_NAMES = { wechat: '微信', qq: 'QQ', weibo: '微博', alipay: '支付宝', douyin: '抖音', 'other-app': '当前应用' } as const;

export type InstallGuide = 'installed' | 'prompt' | 'ios' | 'in-app' | 'manual';

export function installGuide(input: {
  userAgent: string;
  maxTouchPoints: number;
  standalone: boolean;
  installed: boolean;
  canPrompt: boolean;
}): InstallGuide {
  if (input.standalone || input.installed) return 'installed';
  if (inAppBrowser(input.userAgent)) return 'in-app';
  if (input.canPrompt) return 'prompt';
  if (isIos(input.userAgent, input.maxTouchPoints)) return 'ios';
  return 'manual';
}

function PromptInstall() {
  const [outcome, setOutcome] = useState<string | null>(null);
  const install = async () => {
    const result = await promptInstall();
    setOutcome(result === 'accepted' ? '正在安装，请稍候…' : result === 'dismissed' ? '已取消安装，您可以随时再次安装。' : null);
  };
  return (
    <Stack gap="sm">
      <Text>将锦鲤安装到主屏幕，打开更快，网络不稳定时也能查看最后已知的信息。</Text>
      <Button size="md" onClick={() => void install()} data-testid="install-button">
        安装到主屏幕
      </Button>
      {outcome && <Text size="sm">{outcome}</Text>}
    </Stack>
  );
}

function IosSteps() {
  return (
    <Stack gap="sm" data-testid="ios-steps">
      <Text>在 iPhone 或 iPad 上，请使用 Safari 浏览器按以下步骤添加：</Text>
      <List type="ordered" spacing="xs">
        <List.Item icon={<ShareIcon size={18} />}>点击浏览器底部（iPad 为顶部）的“分享”按钮</List.Item>
        <List.Item icon={<PlusSquareIcon size={18} />}>在菜单中选择“添加到主屏幕”</List.Item>
        <List.Item>点击右上角的“添加”，锦鲤图标会出现在主屏幕上</List.Item>
      </List>
    </Stack>
  );
}

function InAppGuide({ name }: { name: string }) {
  return (
    <Alert color="orange" title={`${name}内无法安装`} data-testid="in-app-guide">
      请点击右上角的“…”按钮，选择“在浏览器中打开”，再在浏览器中安装锦鲤。
    </Alert>
  );
}

export function DownloadPage() {
  const { prompt, installed } = useSimpleStore(installState);
  const userAgent = navigator.userAgent;
  const guide = installGuide({
    userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone: isStandalone(),
    installed,
    canPrompt: prompt !== null,
  });
  const inApp = inAppBrowser(userAgent);
  return (
    <OverlayFrame title="下载App">
      <Stack gap="md" data-testid="download-page" data-guide={guide}>
        <Title order={2} size="h3">
          锦鲤 App
        </Title>
        {guide === 'installed' && <Text>锦鲤已安装在您的设备上，可从主屏幕直接打开。</Text>}
        {guide === 'prompt' && <PromptInstall />}
        {guide === 'ios' && <IosSteps />}
        {guide === 'in-app' && inApp && <InAppGuide name={IN_APP_NAMES[inApp]} />}
        {guide === 'manual' && (
          <Text data-testid="manual-guide">
            请打开浏览器菜单，选择“安装应用”或“添加到主屏幕”。若未看到该选项，请使用最新版本的 Chrome、Edge 或 Safari 浏览器访问本页。
          </Text>
        )}
      </Stack>
    </OverlayFrame>
  );
}
