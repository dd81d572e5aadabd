import { useState } from 'react';
import styled from 'styled-components';

const Frame = styled.div<{ $ratio: string }>`
  position: relative;
  aspect-ratio: ${({ $ratio }) => $ratio};
  width: 100%;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.control};
  background: ${({ theme }) => (theme.dark ? theme.colors.surfaceRaised : '#ffffff')};
  img { width: 100%; height: 100%; object-fit: contain; display: block; }
`;

const Fallback = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${({ theme }) => theme.colors.skeleton};
  color: ${({ theme }) => theme.colors.textMuted};
  svg { width: 60%; height: auto; opacity: 0.5; }
  span { position: absolute; font-size: 28px; font-weight: 800; }
`;

/** A sneaker picture at a fixed aspect ratio, lazy, with a neutral silhouette and the brand's initial when it cannot load. */
export function SneakerImage({ src, name, brand, ratio = '4 / 3', eager = false }: { src: string | null | undefined; name: string; brand?: string; ratio?: string; eager?: boolean }) {
  const [failed, setFailed] = useState(false);
  return (
    <Frame $ratio={ratio}>
      {src && !failed ? (
        <img src={src} alt={name} loading={eager ? 'eager' : 'lazy'} onError={() => setFailed(true)} referrerPolicy="no-referrer" />
      ) : (
        <Fallback role="img" aria-label={name}>
          <svg viewBox="0 0 100 40" aria-hidden="true">
            <path d="M4 30 C10 18 24 14 34 16 L50 8 C56 14 64 18 74 20 C86 22 94 26 96 32 L96 36 L4 36 Z" fill="currentColor" />
          </svg>
          <span aria-hidden="true">{(brand || name).charAt(0).toUpperCase()}</span>
        </Fallback>
      )}
    </Frame>
  );
}
