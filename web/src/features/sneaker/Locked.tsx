import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useUpgradePrompt } from '../upgrade-prompt/index.ts';
import { Button } from '../../ui/index.ts';
import { cssVar } from '../../theme/cssVars.ts';

const Frame = styled.div`
  position: relative;
  border-radius: ${cssVar.radius.card};
  overflow: hidden;
  .sample { filter: blur(5px); pointer-events: none; user-select: none; }
`;

const Overlay = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 10px;
  text-align: center;
  padding: 16px;
  background: ${cssVar.colors.lockedVeil};
  h3 { margin: 0; font-size: 17px; }
  p { margin: 0; max-width: 420px; color: ${cssVar.colors.text}; }
  small { color: ${cssVar.colors.textMuted}; }
`;

/** Sample content shown blurred behind an upgrade call to action. */
export function Locked({ title, text, note, children }: { title: string; text: string; note?: string; children: ReactNode }) {
  const prompt = useUpgradePrompt();
  return (
    <Frame data-locked="true">
      <div className="sample" aria-hidden="true">
        {children}
      </div>
      <Overlay>
        <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="4" y="11" width="16" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
        <h3>{title}</h3>
        <p>{text}</p>
        <Button type="button" onClick={() => prompt.open({ trigger: 'premium_feature' })}>
          Upgrade to Unlock
        </Button>
        {note && <small>{note}</small>}
      </Overlay>
    </Frame>
  );
}
