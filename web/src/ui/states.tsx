import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { Button } from './Button.tsx';
import { Card, Stack } from './Card.tsx';
import { cssVar } from '../theme/cssVars.ts';

const spin = keyframes`to { transform: rotate(360deg); }`;
const pulse = keyframes`0%, 100% { opacity: 1; } 50% { opacity: 0.55; }`;

const Spinner = styled.span`
  display: inline-block;
  width: 18px;
  height: 18px;
  border-radius: 50%;
  border: 2px solid ${cssVar.colors.border};
  border-top-color: ${cssVar.colors.accent};
  animation: ${spin} 0.8s linear infinite;
`;

const Centered = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 12px;
  padding: 48px 16px;
  color: ${cssVar.colors.textMuted};
`;

/** A spinner with a message, e.g. 'Loading Collection...'. */
export function Loading({ message = 'Loading...' }: { message?: string }) {
  return (
    <Centered role="status" aria-live="polite">
      <Spinner aria-hidden="true" />
      <span>{message}</span>
    </Centered>
  );
}

export const Skeleton = styled.div<{ $h?: number; $w?: string }>`
  height: ${({ $h = 16 }) => `${$h}px`};
  width: ${({ $w = '100%' }) => $w};
  border-radius: ${cssVar.radius.control};
  background: ${cssVar.colors.skeleton};
  animation: ${pulse} 1.4s ease-in-out infinite;
`;

const StateCard = styled(Card)`
  text-align: center;
  padding: 40px 20px;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  h2 { font-size: 18px; }
  p { margin: 0; color: ${cssVar.colors.textMuted}; }
`;

/** One sentence and one action. */
export function EmptyState({ title, text, action }: { title: string; text?: ReactNode; action?: ReactNode }) {
  return (
    <StateCard>
      <h2>{title}</h2>
      {text && <p>{text}</p>}
      {action}
    </StateCard>
  );
}

/** What happened and what to do, with Retry where it helps. */
export function ErrorState({ title = 'Something went wrong', message, onRetry, action }: { title?: string; message: string; onRetry?: () => void; action?: ReactNode }) {
  return (
    <StateCard role="alert">
      <h2>{title}</h2>
      <p>{message}</p>
      {onRetry && (
        <Button type="button" $variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      )}
      {action}
    </StateCard>
  );
}

/** A failure inside a card: its message and a small Retry, without the page-level error card. */
export function InlineError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Stack $gap={2} role="alert">
      <span>{message}</span>
      <div>
        <Button type="button" $size="sm" $variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      </div>
    </Stack>
  );
}
