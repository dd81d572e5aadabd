// The journeys' browser fixture and screenshot helper under the names browser tests have imported from here.
export { PASSWORD, WEB, api, findSneaker, makePremium, openPage, signIn, testAccount, testSignIn, uniqueEmail, useBrowser } from './fixture.ts';
export { screenshot } from './screenshots.ts';
