import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useSession } from '../session/index.ts';
import { TierBadge } from '../ui/index.ts';
import { cssVar, breakpoints } from '../theme/cssVars.ts';

const Wrapper = styled.div`
  position: relative;
`;

const Trigger = styled.button`
  display: flex;
  align-items: center;
  gap: 8px;
  background: none;
  border: 1px solid ${cssVar.colors.border};
  border-radius: ${cssVar.radius.full};
  padding: 4px 12px 4px 4px;
  color: ${cssVar.colors.text};
  cursor: pointer;
`;

const Avatar = styled.span`
  width: 28px;
  height: 28px;
  border-radius: 50%;
  background: ${cssVar.colors.accent};
  color: ${cssVar.colors.accentText};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  font-weight: 700;
`;

const Menu = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 6px);
  min-width: 220px;
  background: ${cssVar.colors.surfaceRaised};
  border: 1px solid ${cssVar.colors.border};
  border-radius: ${cssVar.radius.card};
  box-shadow: 0 12px 32px rgba(0, 0, 0, 0.2);
  padding: 8px;
  z-index: 45;
  display: flex;
  flex-direction: column;
  gap: 2px;
  header { padding: 8px; display: flex; flex-direction: column; gap: 6px; align-items: flex-start; }
  button[role='menuitem'] {
    text-align: left;
    background: none;
    border: none;
    padding: 8px;
    border-radius: ${cssVar.radius.control};
    color: ${cssVar.colors.text};
    cursor: pointer;
  }
  button[role='menuitem']:hover { background: ${cssVar.colors.background}; }
`;

const Name = styled.span`
  @media (max-width: ${breakpoints.sm}) { display: none; }
`;

const MENU_PAGES = [
  { label: 'Alerts & Watchlist', to: '/admin/alerts' },
  { label: 'Settings', to: '/admin/settings' },
];

/** The greeting, the tier badge, Alerts & Watchlist, Settings and Log out. */
export function UserMenu() {
  const { user, tier, signOut } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const name = user?.name || 'User';

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => !ref.current?.contains(event.target as Node) && setOpen(false);
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <Wrapper ref={ref}>
      <Trigger type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)} aria-label="User menu">
        <Avatar aria-hidden="true">{name.charAt(0).toUpperCase()}</Avatar>
        <Name>{name}</Name>
      </Trigger>
      {open && (
        <Menu role="menu">
          <header>
            <span>Hello, {name}</span>
            <TierBadge tier={tier} />
          </header>
          {MENU_PAGES.map(({ label, to }) => (
            <button
              key={to}
              type="button"
              role="menuitem"
              onClick={() => {
                setOpen(false);
                navigate(to);
              }}
            >
              {label}
            </button>
          ))}
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              void signOut().then(() => navigate('/login'));
            }}
          >
            Log out
          </button>
        </Menu>
      )}
    </Wrapper>
  );
}
