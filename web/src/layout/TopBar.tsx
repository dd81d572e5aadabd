import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { NotificationsPopover } from '../features/notifications/index.tsx';
import { sneakerQueries } from '../features/sneaker/index.ts';
import { ThemeToggle } from '../theme/index.ts';
import { IconButton, Input, MenuIcon, SearchIcon } from '../ui/index.ts';
import { UserMenu } from './UserMenu.tsx';
import { breadcrumbsOf, productIdOf, titleOf } from './nav.ts';
import { cssVar, breakpoints } from '../theme/cssVars.ts';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 30;
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 12px 24px;
  background: ${cssVar.colors.surface};
  border-bottom: 1px solid ${cssVar.colors.border};
  @media (max-width: ${breakpoints.md}) { padding: 10px 12px; }
`;

const Titles = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  h1 { font-size: 18px; font-weight: 700; }
  @media (max-width: ${breakpoints.sm}) { h1 { display: none; } }
`;

const Crumbs = styled.nav`
  display: none;
  font-size: 12px;
  color: ${cssVar.colors.textMuted};
  ol { display: flex; gap: 6px; list-style: none; margin: 0; padding: 0; }
  li + li::before { content: '/'; margin-right: 6px; }
  a { color: ${cssVar.colors.textMuted}; text-decoration: none; }
  @media (min-width: ${breakpoints.md}) { display: block; }
`;

const SearchForm = styled.form`
  margin-left: auto;
  width: min(360px, 40vw);
  @media (max-width: ${breakpoints.md}) { display: none; }
`;

const MobileOnly = styled.div`
  display: none;
  @media (max-width: ${breakpoints.md}) { display: block; margin-left: auto; }
`;

const MenuButton = styled(IconButton)`
  @media (min-width: ${breakpoints.lg}) { display: none; }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
`;

/** The search box's rule: non-blank trimmed text goes to /admin/search?q=..., blank input is ignored. */
export const searchPathOf = (text: string): string | null => {
  const q = text.trim();
  return q ? `/admin/search?q=${encodeURIComponent(q)}` : null;
};

export function TopBar({ onMenu }: { onMenu(): void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const productId = productIdOf(pathname);
  // The product page loads the sneaker; the crumb reads it from there and never asks for it itself.
  const sneaker = useQuery({ ...sneakerQueries.detail(productId ?? ''), enabled: false });
  const crumbs = breadcrumbsOf(pathname, productId ? sneaker.data?.name : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const path = searchPathOf(text);
    if (path) navigate(path);
  };

  return (
    <Bar>
      <MenuButton type="button" aria-label="Open menu" onClick={onMenu}>
        <MenuIcon />
      </MenuButton>
      <Titles>
        <h1>{titleOf(pathname)}</h1>
        <Crumbs aria-label="Breadcrumb">
          <ol>
            {crumbs.map((crumb, i) => (
              <li key={crumb.to}>{i === crumbs.length - 1 ? <span aria-current="page">{crumb.label}</span> : <Link to={crumb.to}>{crumb.label}</Link>}</li>
            ))}
          </ol>
        </Crumbs>
      </Titles>
      <SearchForm role="search" onSubmit={submit}>
        <Input type="search" placeholder="Search sneakers..." aria-label="Search sneakers" value={text} onChange={(e) => setText(e.target.value)} />
      </SearchForm>
      <MobileOnly>
        <IconButton type="button" aria-label="Search" onClick={() => navigate('/admin/search')}>
          <SearchIcon />
        </IconButton>
      </MobileOnly>
      <Actions>
        <NotificationsPopover />
        <ThemeToggle />
        <UserMenu />
      </Actions>
    </Bar>
  );
}
