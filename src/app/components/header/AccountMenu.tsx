import { ActionIcon, Menu, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { asRouteHref } from '../../capabilities/capabilities.tsx';
import { useOnline } from '../../lib/online.ts';
import { GlobeIcon, LogoutIcon, MoonIcon, SunIcon } from '../icons.tsx';

/** On a phone the account actions fold into one menu so the header fits in one row. */
export default function AccountMenu({
  canDeposit,
  canSwitchDomain,
  canOpenCenter,
  onLogout,
  onOpenDomains,
}: {
  canDeposit: boolean;
  canSwitchDomain: boolean;
  canOpenCenter: boolean;
  onLogout: () => void;
  onOpenDomains: () => void;
}) {
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const online = useOnline();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="账户菜单" data-testid="account-menu">
          <span aria-hidden="true" style={{ fontSize: 18, lineHeight: 1 }}>
            ⋯
          </span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown className="jl-tap-menu">
        {canOpenCenter && (
          <Menu.Item component={Link} to="/account/center" data-testid="menu-account-center">
            个人中心
          </Menu.Item>
        )}
        {canDeposit && (
          <Menu.Item component={Link} to={asRouteHref('/wallet/deposit')} disabled={!online}>
            充值
          </Menu.Item>
        )}
        {canSwitchDomain && (
          <Menu.Item leftSection={<GlobeIcon size={16} />} onClick={onOpenDomains} data-testid="menu-domain">
            域名
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={dark ? <SunIcon size={16} /> : <MoonIcon size={16} />}
          onClick={() => setColorScheme(dark ? 'light' : 'dark')}
          data-testid="menu-theme-switch"
        >
          {dark ? '浅色模式' : '深色模式'}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<LogoutIcon size={16} />} onClick={onLogout} data-testid="logout-button">
          退出登录
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
