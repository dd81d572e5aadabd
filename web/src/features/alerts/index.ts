// Alerts and the watchlist, as other features use them: the Price Alert dialog and the Watchlist toggle.
export { PriceAlertButton } from './PriceAlertButton.tsx';
export { WatchlistToggle } from './WatchlistToggle.tsx';
