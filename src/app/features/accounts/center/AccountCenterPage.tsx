import { Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { ACCOUNTS_PATHS, AliasBodySchema, BirthdayBodySchema, QqBodySchema, WechatBodySchema, type CustomerInfo } from '../../../../shared/api/accounts.ts';
import { customerInfoQueryOptions } from '../account-queries.ts';
import { WalletShortcuts } from '../../wallet/statement/WalletShortcuts.tsx';
import { AgentMenu } from '../../agent/team/AgentMenu.tsx';
import { useCurrentCustomer, visitorKind } from '../../session/use-current-customer.ts';
import { AvatarSection } from '../avatar/AvatarSection.tsx';
import { AccountHubLinks, type CenterTab } from './AccountHubLinks.tsx';
import { ProfileFieldForm } from './ProfileFieldForm.tsx';
import { ProfileSummary } from './ProfileSummary.tsx';
import { Section } from './Section.tsx';

// The tabs after the first load when opened: the page stays light on a phone.
const SecurityPanel = lazy(() => import('./SecurityPanel.tsx').then((m) => ({ default: m.SecurityPanel })));
const SessionsList = lazy(() => import('./SessionsList.tsx').then((m) => ({ default: m.SessionsList })));
const ProtectionSettings = lazy(() => import('../../protection/ProtectionSettings.tsx').then((m) => ({ default: m.ProtectionSettings })));

type Tab = CenterTab;

/** 个人中心 (`/account/center`). */
export function AccountCenterPage({ initialTab }: { initialTab?: Tab } = {}) {
  const info = useQuery(customerInfoQueryOptions());
  const agent = visitorKind(useCurrentCustomer()) === 'agent';
  const [tab, setTab] = useState<Tab>(initialTab ?? 'profile');
  const tabsRef = useRef<HTMLDivElement>(null);
  const openTab = (next: Tab) => {
    setTab(next);
    tabsRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  if (!info.data) {
    return info.isError ? <Text>加载失败，请稍后重试</Text> : <Loader />;
  }
  return (
    <Stack gap="lg" data-testid="account-center">
      <Title order={1} size="h2">
        个人中心
      </Title>
      <ProfileSummary info={info.data} onOpenProtection={() => openTab('protection')} />
      <AccountHubLinks trial={info.data.testMode !== null} onOpenTab={openTab} />
      {agent && <AgentMenu />}
      <WalletShortcuts trial={info.data.testMode !== null} />
      <Tabs ref={tabsRef} value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'profile')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="profile">基本资料</Tabs.Tab>
          <Tabs.Tab value="security">安全设置</Tabs.Tab>
          <Tabs.Tab value="devices">登录设备</Tabs.Tab>
          <Tabs.Tab value="protection">理性娱乐</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile" pt="md">
          <ProfilePanel info={info.data} />
        </Tabs.Panel>
        <Tabs.Panel value="security" pt="md">
          <Suspense fallback={<Loader />}>
            <SecurityPanel info={info.data} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="devices" pt="md">
          <Suspense fallback={<Loader />}>
            <SessionsList />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="protection" pt="md">
          <Suspense fallback={<Loader />}>
            <ProtectionSettings />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ProfilePanel({ info }: { info: CustomerInfo }) {
  return (
    <Stack gap="md">
      <Section title="头像">
        <AvatarSection info={info} />
      </Section>
      <Section title="个人资料">
        <Stack gap="sm">
          <ProfileFieldForm field="alias" label="昵称" path={ACCOUNTS_PATHS.alias} schema={AliasBodySchema} initial={info.alias} description="1~36 个字" />
          {info.birthday ? (
            <Text size="sm" data-testid="birthday-fixed">
              生日：{info.birthday}（设置后不能修改）
            </Text>
          ) : (
            <ProfileFieldForm field="birthday" label="生日" type="date" path={ACCOUNTS_PATHS.birthday} schema={BirthdayBodySchema} initial="" description="设置后不能修改" />
          )}
          <ProfileFieldForm field="qq" label="QQ号码" path={ACCOUNTS_PATHS.qq} schema={QqBodySchema} initial={info.qq ?? ''} />
          <ProfileFieldForm field="wechat" label="微信号" path={ACCOUNTS_PATHS.wechat} schema={WechatBodySchema} initial={info.wechat ?? ''} />
        </Stack>
      </Section>
    </Stack>
  );
}
