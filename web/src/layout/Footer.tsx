import styled from 'styled-components';
import { cssVar } from '../theme/cssVars.ts';

const Bar = styled.footer`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 12px;
  padding: 20px 24px;
  border-top: 1px solid ${cssVar.colors.border};
  color: ${cssVar.colors.textMuted};
  font-size: 13px;
  nav { display: flex; flex-wrap: wrap; gap: 16px; }
  a { color: ${cssVar.colors.textMuted}; }
`;

const LINKS = [
  { label: 'Contact', href: 'https://kicksight.app/contact' },
  { label: 'Privacy Policy', href: 'https://kicksight.app/privacy' },
  { label: 'Terms of Service', href: 'https://kicksight.app/terms' },
  { label: 'Cookie Policy', href: 'https://kicksight.app/cookies' },
];

export function Footer() {
  return (
    <Bar>
      <span>© 2025 Kicksight. All rights reserved.</span>
      <nav aria-label="Footer">
        {LINKS.map((link) => (
          <a key={link.href} href={link.href} target="_blank" rel="noreferrer">
            {link.label}
          </a>
        ))}
      </nav>
    </Bar>
  );
}
