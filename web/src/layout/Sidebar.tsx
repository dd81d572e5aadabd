import { useQuery } from '@tanstack/react-query';
import { Link, NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { membershipQueries } from '../features/membership/api.ts';
import { useSession } from '../session/index.ts';
import { Button } from '../ui/index.ts';
import { NAV_ENTRIES } from './nav.ts';
import { cssVar, breakpoints } from '../theme/cssVars.ts';

const Aside = styled.aside<{ $open: boolean }>`
  background: ${cssVar.colors.surface};
  border-right: 1px solid ${cssVar.colors.border};
  display: flex;
  flex-direction: column;
  gap: 16px;
  padding: 20px 16px;
  width: 260px;
  position: fixed;
  inset: 0 auto 0 0;
  z-index: 40;
  transform: translateX(${({ $open }) => ($open ? '0' : '-100%')});
  transition: transform 0.2s ease;
  overflow-y: auto;
  @media (min-width: ${breakpoints.lg}) {
    position: sticky;
    top: 0;
    height: 100vh;
    transform: none;
  }
  @media (min-width: ${breakpoints.xl}) {
    width: ${cssVar.sidebarWidth};
  }
`;

const Brand = styled(Link)`
  font-size: 20px;
  font-weight: 800;
  color: ${cssVar.colors.text};
  text-decoration: none;
  letter-spacing: -0.02em;
`;

const Nav = styled.nav`
  display: flex;
  flex-direction: column;
  gap: 2px;
  a, span {
    display: flex;
    justify-content: space-between;
    padding: 8px 12px;
    border-radius: ${cssVar.radius.control};
    color: ${cssVar.colors.text};
    text-decoration: none;
    font-weight: 500;
  }
  a.active { background: ${cssVar.colors.background}; color: ${cssVar.colors.accent}; font-weight: 700; }
  span[aria-disabled='true'] { color: ${cssVar.colors.textMuted}; cursor: not-allowed; }
  small { color: ${cssVar.colors.textMuted}; font-weight: 400; }
`;

const Banner = styled.div`
  margin-top: auto;
  border: 1px solid ${cssVar.colors.border};
  border-radius: ${cssVar.radius.card};
  padding: 14px;
  background: ${cssVar.colors.background};
  display: flex;
  flex-direction: column;
  gap: 8px;
  strong { font-size: 14px; }
  p { margin: 0; font-size: 13px; color: ${cssVar.colors.textMuted}; }
`;

function trialText(daysLeft: number | null | undefined, expired: boolean | undefined): string {
  if (expired) return 'Your free trial has ended. Choose a plan to keep tracking your collection.';
  if (daysLeft === null || daysLeft === undefined) return 'You are on the 3-day free trial.';
  return `${daysLeft} day${daysLeft === 1 ? '' : 's'} left in your free trial.`;
}

/** The sidebar: navigation, trial banners for trial members, 'Upgrade to Unlimited' for Pro members. */
export function Sidebar({ open, onNavigate }: { open: boolean; onNavigate(): void }) {
  const { tier, isAdmin } = useSession();
  const usage = useQuery({ ...membershipQueries.usage(), enabled: tier === 'trial' });
  return (
    <Aside $open={open} aria-label="Sidebar">
      <Brand to="/admin/collection" onClick={onNavigate}>
        Kicksight
      </Brand>
      <Nav aria-label="Main">
        {NAV_ENTRIES.filter((entry) => !entry.adminOnly || isAdmin).map((entry) =>
          entry.disabled ? (
            <span key={entry.to} aria-disabled="true" title={entry.note}>
              {entry.label} <small>{entry.note}</small>
            </span>
          ) : (
            <NavLink key={entry.to} to={entry.to} onClick={onNavigate}>
              {entry.label}
            </NavLink>
          ),
        )}
      </Nav>
      {tier === 'trial' && (
        <Banner aria-label="Trial">
          <strong>Free trial</strong>
          <p>{trialText(usage.data?.daysLeftInTrial, usage.data?.isTrialExpired)}</p>
          <p>Unlock price history, forecasts and a bigger collection.</p>
          <Button as={Link} to="/admin/upgrade" onClick={onNavigate} $block>
            Upgrade Now
          </Button>
        </Banner>
      )}
      {tier === 'premium' && (
        <Banner>
          <strong>Go Expert</strong>
          <p>Unlimited views, an unlimited collection and advanced analytics.</p>
          <Button as={Link} to="/admin/upgrade" onClick={onNavigate} $block>
            Upgrade to Unlimited
          </Button>
        </Banner>
      )}
    </Aside>
  );
}
