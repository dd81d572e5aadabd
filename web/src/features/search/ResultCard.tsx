import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { SearchResultSneaker } from './api.ts';
import { MarketStatusBadge, SizeSelect, SneakerImage, ThinMarket, conditionBadgeOf, isTrendingSneaker, marketStatusOf, provenanceTitle } from '../market/index.ts';
import { useAddToCollection } from '../collection/index.ts';
import { WatchlistToggle } from '../alerts/index.ts';
import { Badge, Button, Card, Change, Muted, formatMoney, todayIso } from '../../ui/index.ts';

const Tile = styled(Card)<{ $list: boolean }>`
  display: flex;
  flex-direction: ${({ $list }) => ($list ? 'row' : 'column')};
  gap: 12px;
  height: 100%;
  .media { width: ${({ $list }) => ($list ? '160px' : '100%')}; flex-shrink: 0; }
  .body { display: flex; flex-direction: column; gap: 6px; flex: 1; min-width: 0; }
  h3 { font-size: 15px; margin: 0; }
  h3 a { color: inherit; text-decoration: none; }
  .badges { display: flex; flex-wrap: wrap; gap: 6px; }
  .price { font-size: 20px; font-weight: 700; font-variant-numeric: tabular-nums; }
  .add { display: flex; flex-wrap: wrap; gap: 8px; margin-top: auto; align-items: center; }
  .add select { width: 96px; }
`;

const DEFAULT_RESULT_SIZE = 10;

const defaultSizeOf = (sizes: number[]): number => (sizes.includes(DEFAULT_RESULT_SIZE) || sizes.length === 0 ? DEFAULT_RESULT_SIZE : sizes[Math.floor(sizes.length / 2)]!);

/** One search result: picture, market price and status, trending, and add to the collection at a size. */
export function ResultCard({ sneaker, list }: { sneaker: SearchResultSneaker & { condition?: string }; list: boolean }) {
  const { add, canAdd, pending } = useAddToCollection();
  const sizes = sneaker.availableSizes.length > 0 ? sneaker.availableSizes : [DEFAULT_RESULT_SIZE];
  const [size, setSize] = useState(() => defaultSizeOf(sneaker.availableSizes));
  const status = marketStatusOf(sneaker);
  const addAtSize = () =>
    add({
      sneakerId: sneaker.id,
      colorway: sneaker.colorway || 'Default',
      size,
      purchasePrice: sneaker.currentPrice ?? sneaker.retailPrice ?? 0,
      purchaseDate: todayIso(),
      condition: 'new',
      notes: `Added from search on ${todayIso()}`,
    });

  return (
    <Tile as="article" $list={list} aria-label={sneaker.name}>
      <Link className="media" to={`/admin/product/${sneaker.id}`} state={{ from: 'search' }} tabIndex={-1} aria-hidden="true">
        <SneakerImage src={sneaker.imageUrl} name={sneaker.name} brand={sneaker.brand} />
      </Link>
      <div className="body">
        <h3>
          <Link to={`/admin/product/${sneaker.id}`} state={{ from: 'search' }}>
            {sneaker.name}
          </Link>
        </h3>
        <Muted>
          {sneaker.brand}
          {sneaker.sku ? ` · ${sneaker.sku}` : ''}
        </Muted>
        <div className="badges">
          <MarketStatusBadge status={status} />
          {isTrendingSneaker(sneaker) && <Badge $tone="red">Trending</Badge>}
          {sneaker.condition && <Badge $tone={conditionBadgeOf(sneaker.condition).tone}>{conditionBadgeOf(sneaker.condition).label}</Badge>}
        </div>
        <div>
          <span className="price" title={provenanceTitle(sneaker.provenance)}>
            {formatMoney(sneaker.currentPrice)}
          </span>{' '}
          {sneaker.priceChange24h ? <Change cents={sneaker.priceChange24h} /> : null} {sneaker.provenance?.thin && <ThinMarket />}
          <br />
          <Muted>Retail {formatMoney(sneaker.retailPrice)}</Muted>
        </div>
        <div className="add">
          <label>
            <SizeSelect sizes={sizes} value={size} onChange={(s) => setSize(s ?? DEFAULT_RESULT_SIZE)} label={`Size for ${sneaker.name}`} />
          </label>
          <Button type="button" $size="sm" onClick={addAtSize} disabled={pending} aria-label={`Add ${sneaker.name} to collection`}>
            {canAdd ? 'Add' : 'Upgrade to Add'}
          </Button>
          <WatchlistToggle sneakerId={sneaker.id} name={sneaker.name} size="sm" />
        </div>
      </div>
    </Tile>
  );
}
