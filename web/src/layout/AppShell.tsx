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
import { cssVar, breakpoints } from '../theme/cssVars.ts';

/** The width of the gutter the Feedback tab stands in, beside the page, on wider screens. */
const FEEDBACK_GUTTER = '44px';

const Frame = styled.div`
  display: flex;
  min-height: 100vh;
  @media (min-width: ${breakpoints.md}) { padding-right: ${FEEDBACK_GUTTER}; }
`;

const Column = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;

/**
 * At least a screen tall, so the footer starts below the fold and never moves while a page's data arrives
 * (a footer pushed down by late content is a layout shift).
 */
const Content = styled.main`
  flex: 1;
  min-height: 100vh;
  width: 100%;
  max-width: 1280px;
  margin: 0 auto;
  padding: 24px;
  @media (max-width: ${breakpoints.md}) { padding: 16px 12px; }
`;

const Scrim = styled.div`
  position: fixed;
  inset: 0;
  z-index: 35;
  background: ${cssVar.colors.overlay};
  @media (min-width: ${breakpoints.lg}) { display: none; }
`;

const MobileHeader = styled.div`
  display: none;
  padding: 8px 12px;
  font-weight: 700;
  background: ${cssVar.colors.background};
  border-bottom: 1px solid ${cssVar.colors.border};
  @media (max-width: ${breakpoints.sm}) { display: block; }
`;

/**
 * The Feedback button never covers the page: on phones it closes the page, below the footer; on wider
 * screens it is a tab standing in its own gutter on the right edge, beside the page.
 */
const FeedbackSlot = styled.div`
  display: flex;
  justify-content: center;
  padding: 0 12px 16px;
  @media (min-width: ${breakpoints.md}) {
    position: fixed;
    z-index: 20;
    right: 0;
    top: 50%;
    transform: translateY(-50%);
    width: ${FEEDBACK_GUTTER};
    padding: 0;
    button { writing-mode: vertical-rl; transform: rotate(180deg); padding: 14px 8px; border-radius: 0 8px 8px 0; min-height: 0; height: auto; }
  }
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
        <FeedbackSlot>
          <FeedbackButton />
        </FeedbackSlot>
      </Column>
    </Frame>
    </UpgradePromptProvider>
  );
}
