// The reseller ledger's public face: the Sell action of the collection, and the seller level in settings.
export { SellDialog } from './SellDialog.tsx';
export { LedgerSettingsCard } from './LedgerSettingsCard.tsx';
