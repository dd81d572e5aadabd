import { useState } from 'react';
import styled from 'styled-components';
import { cssVar } from '../../theme/cssVars.ts';

const Frame = styled.div<{ $ratio: string }>`
  position: relative;
  aspect-ratio: ${({ $ratio }) => $ratio};
  width: 100%;
  overflow: hidden;
  border-radius: ${cssVar.radius.control};
  background: ${cssVar.colors.imageBackdrop};
  img { width: 100%; height: 100%; object-fit: contain; display: block; }
`;

const Fallback = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${cssVar.colors.skeleton};
  color: ${cssVar.colors.textMuted};
  svg { width: 60%; height: auto; opacity: 0.5; }
  span { position: absolute; font-size: 28px; font-weight: 800; }
`;

/** The widths our origin serves pictures at (it answers any other at the nearest one above). */
const WIDTHS = [160, 320, 480, 640, 960] as const;
/** How wide a card's picture shows: half a phone's screen, else about a grid column. */
const CARD_SIZES = '(max-width: 640px) 50vw, 320px';

/** A catalogue picture through our origin's `/images` (fetched once there, sized, WebP where the browser takes it). */
const proxiedImage = (src: string, width: number) => `/images?src=${encodeURIComponent(src)}&w=${width}`;
const isRemote = (src: string) => /^https?:\/\//i.test(src);

/** The picture's width and height attributes for its aspect ratio (`4 / 3`), so the page reserves its room. */
function dimensionsOf(ratio: string): { width: number; height: number } {
  const [w = 4, h = 3] = ratio.split('/').map((part) => Number(part.trim()));
  return { width: 640, height: Math.round((640 * h) / w) };
}

/**
 * A sneaker picture at a fixed aspect ratio, lazy unless `eager` (the picture at the top of a page), with a
 * neutral silhouette and the brand's initial when there is none. Catalogue pictures come through our origin in
 * the widths the layout needs; where their source cannot be had, the origin answers a 1×1 image, shown as the
 * silhouette too. Members' own photos (object URLs) show as they are.
 */
export function SneakerImage({
  src,
  name,
  brand,
  ratio = '4 / 3',
  eager = false,
  sizes = CARD_SIZES,
}: {
  src: string | null | undefined;
  name: string;
  brand?: string;
  ratio?: string;
  eager?: boolean;
  sizes?: string;
}) {
  const [failed, setFailed] = useState(false);
  const remote = src ? isRemote(src) : false;
  return (
    <Frame $ratio={ratio}>
      {src && !failed ? (
        <img
          src={remote ? proxiedImage(src, 480) : src}
          srcSet={remote ? WIDTHS.map((w) => `${proxiedImage(src, w)} ${w}w`).join(', ') : undefined}
          sizes={remote ? sizes : undefined}
          {...dimensionsOf(ratio)}
          alt={name}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          onLoad={(event) => remote && event.currentTarget.naturalWidth <= 1 && setFailed(true)}
          onError={() => setFailed(true)}
        />
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
