// The sneaker page's public face for the frame: its queries (the top bar names the sneaker in its breadcrumbs).
export { sneakerQueries } from './api.ts';
