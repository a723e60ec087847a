import { useEffect } from 'react';
import { AutobetOverlayHost } from '../../features/autobet/AutobetOverlayHost.tsx';
import { SettlementPopupHost } from '../../features/notifications/settlement-popups-host.tsx';
import { OrderDetailHost } from '../../features/orders/OrderDetailHost.tsx';
import { AuthModalHost } from '../../features/session/AuthModalHost.tsx';
import { SessionEffects } from '../../features/session/SessionEffects.tsx';
import { TrialRestrictionModal } from '../../features/session/TrialRestrictionModal.tsx';
import { markAppInitialised } from '../../features/startup/startup.ts';
import { BrowserTooOldAlert } from '../BrowserTooOldAlert.tsx';
import { CookiesDisabledModal } from '../CookiesDisabledModal.tsx';
import { BottomNav } from '../footer/BottomNav.tsx';
import { Footer } from '../footer/Footer.tsx';
import { Header } from '../header/Header.tsx';
import { OfflineBanner } from '../OfflineBanner.tsx';
import { TextPopupHost } from '../TextPopupHost.tsx';
import { UpdatePrompt } from '../UpdatePrompt.tsx';
import { FloatingArea } from './FloatingArea.tsx';
import { PageArea } from './PageArea.tsx';

export function AppShellLayout() {
  useEffect(() => markAppInitialised('ready'), []);
  return (
    <div className="jl-shell">
      <a href="#main" className="jl-skip-link">
        跳到主要内容
      </a>
      <Header />
      <OfflineBanner />
      <BrowserTooOldAlert />
      <main id="main" className="jl-main">
        <PageArea />
      </main>
      <Footer />
      <BottomNav />
      <FloatingArea />
      <AuthModalHost />
      <AutobetOverlayHost />
      <OrderDetailHost />
      <SettlementPopupHost />
      <TrialRestrictionModal />
      <TextPopupHost />
      <CookiesDisabledModal />
      <UpdatePrompt />
      <SessionEffects />
    </div>
  );
}
