import { useState } from 'react';
import styled from 'styled-components';
import { Button, Card, CardTitle, Muted, Stack } from '../../ui/index.ts';
import type { DemoData } from '@kicksight/contracts';
import { useDemoData } from './demo-context.ts';
import { Change, DemoImage, Grid, demoAction, money, signed } from './DemoParts.tsx';
import { cssVar } from '../../theme/cssVars.ts';

const TABS = ['Details', 'Price History', 'Market Data', 'Similar Items'] as const;
type Tab = (typeof TABS)[number];

const TabList = styled.div`
  display: flex;
  gap: 4px;
  flex-wrap: wrap;
  border-bottom: 1px solid ${cssVar.colors.border};
  button { border: 0; background: none; padding: 8px 12px; color: ${cssVar.colors.textMuted}; font-weight: 600; cursor: pointer; border-bottom: 2px solid transparent; }
  button[aria-selected='true'] { color: ${cssVar.colors.text}; border-bottom-color: ${cssVar.colors.accent}; }
`;
const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 16px;
  margin: 0;
  dt { color: ${cssVar.colors.textMuted}; }
  dd { margin: 0; }
`;
const Bars = styled.div`
  display: flex;
  align-items: flex-end;
  gap: 12px;
  height: 160px;
  div { flex: 1; background: ${cssVar.colors.accent}; border-radius: 4px 4px 0 0; position: relative; }
  span { position: absolute; bottom: -20px; left: 0; right: 0; text-align: center; font-size: 12px; color: ${cssVar.colors.textMuted}; }
`;

function TabBody({ tab, data: { productDetail: P, products } }: { tab: Tab; data: DemoData }) {
  if (tab === 'Details')
    return (
      <Stack $gap={3}>
        <p style={{ margin: 0 }}>{P.description}</p>
        <Facts>
          <dt>SKU</dt>
          <dd>{P.sku}</dd>
          <dt>Release date</dt>
          <dd>{P.releaseDate}</dd>
          <dt>Colorway</dt>
          <dd>{P.colorway}</dd>
          <dt>Condition</dt>
          <dd>{P.condition}</dd>
          <dt>Sizes</dt>
          <dd>{P.sizes.join(', ')}</dd>
        </Facts>
      </Stack>
    );
  if (tab === 'Price History') {
    const top = Math.max(...P.priceHistory.map((p) => p.price));
    return (
      <figure style={{ margin: '0 0 24px' }} aria-label="Six-month price history">
        <Bars>
          {P.priceHistory.map((p) => (
            <div key={p.month} style={{ height: `${(p.price / top) * 100}%` }} title={`${p.month}: ${money(p.price)}`}>
              <span>{p.month}</span>
            </div>
          ))}
        </Bars>
        <figcaption style={{ marginTop: 28 }}>
          <Muted>
            Six months from {money(P.priceHistory[0]!.price)} to {money(P.priceHistory.at(-1)!.price)}.
          </Muted>
        </figcaption>
      </figure>
    );
  }
  if (tab === 'Market Data')
    return (
      <Facts>
        <dt>Lowest ask</dt>
        <dd>{money(P.market.lowestAsk)}</dd>
        <dt>Highest bid</dt>
        <dd>{money(P.market.highestBid)}</dd>
        <dt>Last sale</dt>
        <dd>{money(P.market.lastSale)}</dd>
        <dt>Sales, last 30 days</dt>
        <dd>{P.market.salesLast30Days}</dd>
      </Facts>
    );
  return (
    <Grid $min={180}>
      {products.filter((p) => p.brand === P.brand && p.name !== P.name).map((p) => (
        <Card key={p.id} as="article" aria-label={p.name}>
          <Stack $gap={2}>
            <DemoImage brand={p.brand} size={180} />
            <strong>{p.name}</strong>
            <Muted>{p.priceFormatted}</Muted>
          </Stack>
        </Card>
      ))}
    </Grid>
  );
}

/** Demo product: tabs Details, Price History, Market Data and Similar Items; a favourite; Add to Collection. */
export function DemoProduct() {
  const [tab, setTab] = useState<Tab>('Details');
  const [favourite, setFavourite] = useState(false);
  const data = useDemoData();
  const P = data.productDetail;
  return (
    <Stack $gap={4}>
      <Card>
        <Stack $row $wrap $gap={5}>
          <DemoImage brand={P.brand} size={320} />
          <Stack $gap={2} style={{ flex: '1 1 260px' }}>
            <Muted>{P.brand}</Muted>
            <h2 style={{ margin: 0, fontSize: 24 }}>{P.name}</h2>
            <div>
              <strong style={{ fontSize: 32, fontVariantNumeric: 'tabular-nums' }}>{money(P.currentPrice)}</strong> <Change $up={P.priceChange >= 0}>{signed(P.priceChange)}</Change>
            </div>
            <Muted>Retail {money(P.retailPrice)}</Muted>
            <Stack $row $gap={2}>
              <Button type="button" onClick={() => demoAction('Add to Collection', P.sku)}>
                Add to Collection
              </Button>
              <Button type="button" $variant="secondary" aria-pressed={favourite} onClick={() => setFavourite((f) => !f)}>
                {favourite ? '♥ Favourited' : '♡ Favourite'}
              </Button>
            </Stack>
          </Stack>
        </Stack>
      </Card>
      <Card>
        <TabList role="tablist" aria-label="Product">
          {TABS.map((name) => (
            <button key={name} type="button" role="tab" aria-selected={tab === name} onClick={() => setTab(name)}>
              {name}
            </button>
          ))}
        </TabList>
        <div role="tabpanel" style={{ paddingTop: 16 }}>
          <CardTitle>{tab}</CardTitle>
          <TabBody tab={tab} data={data} />
        </div>
      </Card>
    </Stack>
  );
}
