import { useRef } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { collectionQueries } from './api.ts';
import { MarketStatusBadge, SneakerImage } from '../market/index.ts';
import { markFromCollection } from './from-collection.ts';
import { Card, Change, ChevronLeft, ChevronRight, ErrorState, IconButton, Muted, Skeleton, formatMoney } from '../../ui/index.ts';
import { useDeferredQuery } from '../../api/deferred-query.ts';

const CAROUSEL_STEP_PX = 320;
const RELATED_LIMIT = 12;

const Section = styled.section`
  margin-top: 32px;
  header { display: flex; align-items: center; justify-content: space-between; margin-bottom: 12px; }
  h2 { font-size: 18px; }
`;

const Track = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0 0 8px;
  display: flex;
  gap: 16px;
  overflow-x: auto;
  scroll-behavior: smooth;
  scroll-snap-type: x mandatory;
  li { flex: 0 0 240px; scroll-snap-align: start; }
`;

const Tile = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 6px;
  height: 100%;
  a { color: inherit; text-decoration: none; font-weight: 600; }
`;

/** 'Discover Similar Sneakers': up to 12 recommendations, 320 px per click. */
export function RelatedCarousel() {
  const related = useDeferredQuery(collectionQueries.related(RELATED_LIMIT));
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => track.current?.scrollBy({ left: direction * CAROUSEL_STEP_PX, behavior: 'smooth' });

  return (
    <Section aria-labelledby="related-heading">
      <header>
        <h2 id="related-heading">Discover Similar Sneakers</h2>
        <div style={{ display: 'flex', gap: 8 }}>
          <IconButton type="button" aria-label="Scroll left" onClick={() => scroll(-1)}>
            <ChevronLeft />
          </IconButton>
          <IconButton type="button" aria-label="Scroll right" onClick={() => scroll(1)}>
            <ChevronRight />
          </IconButton>
        </div>
      </header>
      {related.isPending && (
        <Track aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <li key={i}>
              <Tile>
                <Skeleton $h={140} />
                <Skeleton $h={14} $w="70%" />
              </Tile>
            </li>
          ))}
        </Track>
      )}
      {related.isError && <ErrorState title="Recommendations unavailable" message="Failed to load related products. Please try again." onRetry={() => void related.refetch()} />}
      {related.data && related.data.products.length === 0 && <Muted>No recommendations yet. Add a few pairs to get suggestions.</Muted>}
      {related.data && related.data.products.length > 0 && (
        <Track ref={track} aria-label="Similar sneakers">
          {related.data.products.slice(0, RELATED_LIMIT).map((product) => (
            <li key={product.id}>
              <Tile>
                <SneakerImage src={product.imageUrl} name={product.name} brand={product.brand} />
                <Link to={`/admin/product/${product.id}`} state={{ from: 'collection' }} onClick={markFromCollection}>
                  {product.name}
                </Link>
                <Muted>{product.recommendationReason}</Muted>
                <span className="tabular">
                  {formatMoney(product.currentPrice)} {product.priceChange24h ? <Change cents={product.priceChange24h} /> : null}
                </span>
                <div>
                  <MarketStatusBadge status={product.marketStatus} />
                </div>
              </Tile>
            </li>
          ))}
        </Track>
      )}
    </Section>
  );
}
