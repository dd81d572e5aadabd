import { memo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { collectionQueries, type CollectionItem } from './api.ts';
import { usePhotoUrl } from './usePhotoUrl.ts';
import { SneakerImage, ValuationNote } from '../market/index.ts';
import { markFromCollection } from './from-collection.ts';
import { Badge, Button, Card, Change, Muted, Skeleton, formatMoney } from '../../ui/index.ts';
import { conditionLabel } from './item-form.ts';
import { cssVar } from '../../theme/cssVars.ts';

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
`;

const ItemCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 8px;
  height: 100%;
  h3 { font-size: 15px; margin: 0; }
  h3 a { color: inherit; text-decoration: none; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; margin: 0; font-size: 13px; }
  dt { color: ${cssVar.colors.textMuted}; }
  dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
  dd > [data-value-basis] { display: flex; margin-top: 2px; }
  .actions { display: flex; gap: 8px; margin-top: auto; }
`;

// Headings, names and the actions wrap, so the table fits beside the sidebar without scrolling sideways.
const Table = styled.div`
  overflow-x: auto;
  table { width: 100%; border-collapse: collapse; background: ${cssVar.colors.surface}; border-radius: ${cssVar.radius.card}; }
  th, td { padding: 10px 12px; text-align: left; border-bottom: 1px solid ${cssVar.colors.border}; white-space: nowrap; }
  th { font-size: 12px; color: ${cssVar.colors.textMuted}; font-weight: 600; white-space: normal; }
  td.num { text-align: right; font-variant-numeric: tabular-nums; }
  td.sneaker { white-space: normal; overflow-wrap: anywhere; min-width: 120px; }
  td.value { white-space: normal; min-width: 140px; }
  td.value > [data-value-basis] { display: flex; margin-top: 2px; }
  .actions { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 6px; }
`;

interface ItemActions {
  onEdit(item: CollectionItem): void;
  onRemove(item: CollectionItem): void;
  onSell(item: CollectionItem): void;
}

/** The value shown: at market, or net of the platform's fees when the collection is valued net. */
const shownValueOf = (item: CollectionItem) =>
  item.netValue ? { value: item.netValue.value, gainLoss: item.netValue.gainLoss, percent: item.netValue.gainLoss !== null && item.costBasis ? (item.netValue.gainLoss / item.costBasis) * 100 : null } : { value: item.currentValue, gainLoss: item.gainLoss, percent: item.gainLossPercent };

const valueLabelOf = (item: CollectionItem) => (item.netValue ? `Net value (${item.netValue.basis === 'bid' ? 'highest bid' : 'market price'})` : 'Current value');

function SellButton({ item, onSell }: { item: CollectionItem; onSell(item: CollectionItem): void }) {
  return item.status === 'sold' ? null : (
    <Button type="button" $variant="secondary" $size="sm" onClick={() => onSell(item)} aria-label={`Sell ${item.name}`}>
      Sell
    </Button>
  );
}

const titleOf = (item: CollectionItem) =>
  item.sneakerId && item.sneakerId !== 'manual' ? (
    <Link to={`/admin/product/${item.sneakerId}`} state={{ from: 'collection' }} onClick={markFromCollection}>
      {item.name}
    </Link>
  ) : (
    item.name
  );

/** The card's picture: the member's first uploaded photo of the pair, else the catalogue's image. */
function ItemPicture({ item }: { item: CollectionItem }) {
  const photos = useQuery({ ...collectionQueries.photos(item.id), enabled: item.photoCount > 0 });
  const photo = usePhotoUrl(item.photoCount > 0 ? photos.data?.[0] : undefined);
  return <SneakerImage key={photo ? 'photo' : 'catalogue'} src={photo ?? item.imageUrl} name={photo ? `Your photo of ${item.name}` : item.name} brand={item.brand} />;
}

/**
 * One pair's card. Cards are memoised: the collection's answers keep the objects of pairs that did not change, so a
 * refresh, a page's other state or a dialog opening re-renders only the cards whose pair changed.
 */
const GridItem = memo(function GridItem({ item, onEdit, onRemove, onSell }: { item: CollectionItem } & ItemActions) {
  const shown = shownValueOf(item);
  return (
    <li>
      <ItemCard as="article" aria-label={item.name}>
        <ItemPicture item={item} />
        <h3>{titleOf(item)}</h3>
        <Muted>
          {item.brand} · {item.colorway}
        </Muted>
        <div>
          <Badge $tone="blue">US {item.size}</Badge> <Badge>{conditionLabel(item.condition)}</Badge>
        </div>
        <dl>
          <dt>{valueLabelOf(item)}</dt>
          <dd>
            {formatMoney(shown.value)}
            {!item.netValue && <ValuationNote valuation={item.valuation} />}
          </dd>
          <dt>Purchase price</dt>
          <dd>{formatMoney(item.purchasePrice)}</dd>
          <dt>Gain/Loss</dt>
          <dd>{shown.gainLoss === null ? '—' : <Change cents={shown.gainLoss} percent={shown.percent} />}</dd>
        </dl>
        <ItemActionButtons item={item} onEdit={onEdit} onRemove={onRemove} onSell={onSell} />
      </ItemCard>
    </li>
  );
});

/** A pair's Sell, Edit and Remove buttons, in the grid's cards and the list's rows alike. */
function ItemActionButtons({ item, onEdit, onRemove, onSell }: { item: CollectionItem } & ItemActions) {
  return (
    <div className="actions">
      <SellButton item={item} onSell={onSell} />
      <Button type="button" $variant="secondary" $size="sm" onClick={() => onEdit(item)} aria-label={`Edit ${item.name}`}>
        Edit
      </Button>
      <Button type="button" $variant="ghost" $size="sm" onClick={() => onRemove(item)} aria-label={`Remove ${item.name}`}>
        Remove
      </Button>
    </div>
  );
}

export const ItemGrid = memo(function ItemGrid({ items, onEdit, onRemove, onSell }: { items: CollectionItem[] } & ItemActions) {
  return (
    <Grid aria-label="Collection items">
      {items.map((item) => (
        <GridItem key={item.id} item={item} onEdit={onEdit} onRemove={onRemove} onSell={onSell} />
      ))}
    </Grid>
  );
});

export const ItemList = memo(function ItemList({ items, onEdit, onRemove, onSell }: { items: CollectionItem[] } & ItemActions) {
  return (
    <Table>
      <table aria-label="Collection items">
        <thead>
          <tr>
            <th scope="col">Sneaker</th>
            <th scope="col">Size</th>
            <th scope="col">Condition</th>
            <th scope="col">Purchase price</th>
            <th scope="col">{items.some((item) => item.netValue) ? 'Net value' : 'Current value'}</th>
            <th scope="col">Gain/Loss</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const shown = shownValueOf(item);
            return (
              <tr key={item.id}>
                <td className="sneaker">
                  {titleOf(item)}
                  <br />
                  <Muted>{item.brand}</Muted>
                </td>
                <td>US {item.size}</td>
                <td>{conditionLabel(item.condition)}</td>
                <td className="num">{formatMoney(item.purchasePrice)}</td>
                <td className="num value">
                  {formatMoney(shown.value)}
                  {!item.netValue && <ValuationNote valuation={item.valuation} />}
                </td>
                <td className="num">{shown.gainLoss === null ? '—' : <Change cents={shown.gainLoss} percent={shown.percent} />}</td>
                <td>
                  <ItemActionButtons item={item} onEdit={onEdit} onRemove={onRemove} onSell={onSell} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Table>
  );
});

export function ItemSkeletons() {
  return (
    <Grid aria-busy="true" aria-label="Loading collection">
      {Array.from({ length: 8 }, (_, i) => (
        <li key={i}>
          <ItemCard>
            <Skeleton $h={160} />
            <Skeleton $h={16} $w="80%" />
            <Skeleton $h={12} $w="50%" />
            <Skeleton $h={40} />
          </ItemCard>
        </li>
      ))}
    </Grid>
  );
}
