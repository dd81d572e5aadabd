export { SneakerImage } from './SneakerImage.tsx';
export { MarketStatusBadge } from './MarketStatusBadge.tsx';
export { marketStatusOf, isTrendingSneaker, conditionBadgeOf } from './market-labels.ts';
export { SizeSelect } from './SizeSelect.tsx';
export { PriceProvenance, ThinMarket, provenanceTitle } from './PriceProvenance.tsx';
export { ValuationNote, VALUE_BASIS_LABELS, valuationLine } from './ValuationNote.tsx';
