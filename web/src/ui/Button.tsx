import styled, { css } from 'styled-components';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

/** The app's button: primary (accent), secondary (outlined), ghost, danger. */
export const Button = styled.button<{ $variant?: ButtonVariant; $size?: 'sm' | 'md' | 'lg'; $block?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  border-radius: ${({ theme }) => theme.radius.control};
  border: 1px solid transparent;
  font-weight: 600;
  cursor: pointer;
  white-space: nowrap;
  text-decoration: none;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  padding: ${({ $size }) => ($size === 'sm' ? '4px 10px' : $size === 'lg' ? '12px 20px' : '8px 14px')};
  font-size: ${({ $size }) => ($size === 'sm' ? '12px' : $size === 'lg' ? '16px' : '14px')};
  ${({ theme, $variant = 'primary' }) => {
    const c = theme.colors;
    switch ($variant) {
      case 'secondary':
        return css`background: ${c.surface}; color: ${c.text}; border-color: ${c.border};`;
      case 'ghost':
        return css`background: transparent; color: ${c.text};`;
      case 'danger':
        return css`background: ${c.loss}; color: ${theme.dark ? c.background : '#ffffff'};`;
      default:
        return css`background: ${c.accent}; color: ${c.accentText};`;
    }
  }}
  &:disabled { opacity: 0.55; cursor: not-allowed; }
  &:hover:not(:disabled) { filter: brightness(1.06); }
`;
