import { useState } from 'react';
import styled from 'styled-components';
import { Button, Card, Input, Muted, Select, Stack } from '../../ui/index.ts';
import type { DemoCollectionItem } from '@kicksight/contracts';
import { DEMO_COLLECTION_SORTS } from './demo-data.ts';
import { useDemoData } from './demo-context.ts';
import { sortCollection, type CollectionSort } from './demo-search.ts';
import { Change, DemoImage, Grid, demoAction, money, signed } from './DemoParts.tsx';
import { cssVar } from '../../theme/cssVars.ts';

const MenuWrap = styled.div`
  position: relative;
  [role='menu'] {
    position: absolute;
    right: 0;
    top: 100%;
    z-index: 5;
    display: grid;
    min-width: 160px;
    padding: 4px;
    background: ${cssVar.colors.surfaceRaised};
    border: 1px solid ${cssVar.colors.border};
    border-radius: ${cssVar.radius.control};
  }
  [role='menuitem'] { background: none; border: 0; text-align: left; padding: 6px 10px; color: inherit; cursor: pointer; border-radius: 6px; }
`;
const Row = styled.li`
  display: grid;
  grid-template-columns: 64px 1fr auto auto;
  gap: 12px;
  align-items: center;
  padding: 10px 0;
  border-bottom: 1px solid ${cssVar.colors.border};
`;

function ItemMenu({ item }: { item: DemoCollectionItem }) {
  const [open, setOpen] = useState(false);
  const act = (action: string) => {
    setOpen(false);
    demoAction(action, item.id);
  };
  return (
    <MenuWrap>
      <Button type="button" $size="sm" $variant="ghost" aria-haspopup="menu" aria-expanded={open} aria-label={`Actions for ${item.name}`} onClick={() => setOpen((o) => !o)}>
        ⋯
      </Button>
      {open && (
        <div role="menu">
          {['View Details', 'Edit Item', 'Remove Item'].map((label) => (
            <button key={label} type="button" role="menuitem" onClick={() => act(label)}>
              {label}
            </button>
          ))}
        </div>
      )}
    </MenuWrap>
  );
}

/** Demo collection: grid or list, search, sort, and each item's menu. */
export function DemoCollection({ professional = false }: { professional?: boolean }) {
  const [view, setView] = useState<'grid' | 'list'>(professional ? 'list' : 'grid');
  const [text, setText] = useState('');
  const [sort, setSort] = useState<CollectionSort>('name');
  const items = sortCollection(useDemoData().collection, sort, text);
  return (
    <Stack $gap={4}>
      <Stack $row $wrap $gap={2} $align="center">
        <div style={{ flex: '1 1 220px' }}>
          <Input type="search" aria-label="Search collection" placeholder="Search your collection..." value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <Select aria-label="Sort collection" value={sort} onChange={(e) => setSort(e.target.value as CollectionSort)} style={{ width: 'auto' }}>
          {DEMO_COLLECTION_SORTS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </Select>
        <div role="group" aria-label="View">
          <Button type="button" $size="sm" $variant={view === 'grid' ? 'primary' : 'secondary'} aria-pressed={view === 'grid'} onClick={() => setView('grid')}>
            Grid
          </Button>{' '}
          <Button type="button" $size="sm" $variant={view === 'list' ? 'primary' : 'secondary'} aria-pressed={view === 'list'} onClick={() => setView('list')}>
            List
          </Button>
        </div>
      </Stack>
      {items.length === 0 && <Muted>No pairs match your search.</Muted>}
      {view === 'grid' ? (
        <Grid>
          {items.map((item) => (
            <Card key={item.id} as="article" aria-label={item.name}>
              <Stack $gap={2}>
                <Stack $row $justify="space-between">
                  <Muted>
                    {item.brand} · {item.category}
                  </Muted>
                  <ItemMenu item={item} />
                </Stack>
                <DemoImage brand={item.brand} />
                <strong>{item.name}</strong>
                <Muted>
                  Size {item.size} · {item.condition} · paid {money(item.purchasePrice)}
                </Muted>
                <div>
                  <strong style={{ fontSize: 20, fontVariantNumeric: 'tabular-nums' }}>{money(item.currentPrice)}</strong> <Change $up={item.gainType === 'positive'}>{signed(item.gain)}</Change>
                </div>
              </Stack>
            </Card>
          ))}
        </Grid>
      ) : (
        <Card>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((item) => (
              <Row key={item.id} aria-label={item.name}>
                <DemoImage brand={item.brand} size={64} />
                <div>
                  <strong>{item.name}</strong>
                  <div>
                    <Muted>
                      {item.brand} · size {item.size} · {item.condition} · acquired {item.acquiredDate}
                    </Muted>
                  </div>
                </div>
                <div style={{ textAlign: 'right' }}>
                  <strong style={{ fontVariantNumeric: 'tabular-nums' }}>{money(item.currentPrice)}</strong>
                  <div>
                    <Change $up={item.gainType === 'positive'}>{signed(item.gain)}</Change>
                  </div>
                </div>
                <ItemMenu item={item} />
              </Row>
            ))}
          </ul>
        </Card>
      )}
    </Stack>
  );
}
