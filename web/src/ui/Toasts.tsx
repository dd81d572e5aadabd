import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { cssVar } from '../theme/cssVars.ts';

type ToastVariant = 'success' | 'error' | 'warning' | 'info';

interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; 3 s by default (the spec allows 2 to 5 s). */
  duration?: number;
}

interface Toast extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description?: string;
}

const DEFAULT_TOAST_MS = 3_000;

const ToastContext = createContext<{ show(toast: ToastInput): void } | null>(null);

const Region = styled.div`
  position: fixed;
  right: 16px;
  bottom: 16px;
  z-index: 60;
  display: flex;
  flex-direction: column;
  gap: 8px;
  max-width: min(380px, calc(100vw - 32px));
`;

const Item = styled.div<{ $variant: ToastVariant }>`
  background: ${cssVar.colors.surfaceRaised};
  color: ${cssVar.colors.text};
  border: 1px solid ${cssVar.colors.border};
  border-left: 4px solid
    ${({ $variant }) =>
      $variant === 'success' ? cssVar.colors.gain : $variant === 'error' ? cssVar.colors.loss : $variant === 'warning' ? cssVar.colors.warning : cssVar.colors.accent};
  border-radius: ${cssVar.radius.control};
  padding: 10px 14px;
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.18);
  strong { display: block; }
  p { margin: 2px 0 0; color: ${cssVar.colors.textMuted}; font-size: 13px; }
`;

/** Toasts for the results of actions, announced through live regions. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const show = useCallback((input: ToastInput) => {
    const toast: Toast = { id: next.current++, title: input.title, description: input.description, variant: input.variant ?? 'success', duration: input.duration ?? DEFAULT_TOAST_MS };
    setToasts((list) => [...list, toast]);
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== toast.id)), toast.duration);
  }, []);
  const value = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Region aria-live="polite" role="region" aria-label="Notifications">
        {toasts.map((toast) => (
          <Item key={toast.id} $variant={toast.variant} role={toast.variant === 'error' ? 'alert' : 'status'}>
            <strong>{toast.title}</strong>
            {toast.description && <p>{toast.description}</p>}
          </Item>
        ))}
      </Region>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast needs a ToastProvider');
  return value;
}
