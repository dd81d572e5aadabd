import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { FeedbackButton } from '../features/feedback/index.tsx';
import { UpgradePromptProvider } from '../features/upgrade-prompt/index.ts';
import { Footer } from './Footer.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';
import { titleOf } from './nav.ts';

const Frame = styled.div`
  display: flex;
  min-height: 100vh;
`;

const Column = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;

const Content = styled.main`
  flex: 1;
  width: 100%;
  max-width: 1280px;
  margin: 0 auto;
  padding: 24px;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) { padding: 16px 12px; }
`;

const Scrim = styled.div`
  position: fixed;
  inset: 0;
  z-index: 35;
  background: ${({ theme }) => theme.colors.overlay};
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) { display: none; }
`;

const MobileHeader = styled.div`
  display: none;
  padding: 8px 12px;
  font-weight: 700;
  background: ${({ theme }) => theme.colors.background};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) { display: block; }
`;

const FeedbackSlot = styled.div`
  position: fixed;
  left: 16px;
  bottom: 16px;
  z-index: 20;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) { left: auto; right: 16px; bottom: 80px; }
`;

/** The signed-in frame: sidebar, top bar, the page, footer. */
export function AppShell() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    // The signed-in frame loads the dashboard's quick metrics once, for the widgets that show them.
    void import('../features/collection/api.ts').then(({ collectionQueries }) => queryClient.prefetchQuery(collectionQueries.quickMetrics()));
  }, [queryClient]);
  return (
    <UpgradePromptProvider>
    <Frame>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <Sidebar open={open} onNavigate={() => setOpen(false)} />
      {open && <Scrim onClick={() => setOpen(false)} aria-hidden="true" />}
      <Column>
        <TopBar onMenu={() => setOpen(true)} />
        <MobileHeader>
          <h1 style={{ fontSize: 16 }}>{titleOf(pathname)}</h1>
        </MobileHeader>
        <Content id="content">
          <Outlet />
        </Content>
        <Footer />
      </Column>
      <FeedbackSlot>
        <FeedbackButton />
      </FeedbackSlot>
    </Frame>
    </UpgradePromptProvider>
  );
}
