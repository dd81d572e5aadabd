export { App } from './app/App.tsx';
