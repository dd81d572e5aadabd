import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { IconButton } from './IconButton.tsx';
import { CloseIcon } from './icons.tsx';
import { cssVar } from '../theme/cssVars.ts';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 50;
  background: ${cssVar.colors.overlay};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
`;

const Dialog = styled.div<{ $width: number }>`
  background: ${cssVar.colors.surfaceRaised};
  color: ${cssVar.colors.text};
  border: 1px solid ${cssVar.colors.border};
  border-radius: ${cssVar.radius.card};
  width: 100%;
  max-width: ${({ $width }) => `${$width}px`};
  max-height: calc(100vh - 32px);
  overflow: auto;
  padding: 20px;
  box-shadow: 0 20px 50px rgba(0, 0, 0, 0.3);
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 16px;
  h2 { font-size: 18px; }
`;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  width?: number;
}

/** A dialog that traps focus, closes on Escape and gives focus back to where it was. */
export function Modal({ open, title, onClose, children, width = 520 }: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const close = useEffectEvent(onClose);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const dialog = ref.current;
    const first = dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close();
      } else if (event.key === 'Tab' && dialog) {
        const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (items.length === 0) return;
        const [head, tail] = [items[0]!, items[items.length - 1]!];
        if (event.shiftKey && document.activeElement === head) {
          event.preventDefault();
          tail.focus();
        } else if (!event.shiftKey && document.activeElement === tail) {
          event.preventDefault();
          head.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <Backdrop onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <Dialog ref={ref} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} $width={width}>
        <Header>
          <h2 id={titleId}>{title}</h2>
          <IconButton type="button" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Header>
        {children}
      </Dialog>
    </Backdrop>,
    document.body,
  );
}
