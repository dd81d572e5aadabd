// The journeys' browser fixture and screenshot helper under the names browser tests have imported from here.
export { WEB, adminLogin, api, continueOnWeb, openAs, recordSale, register, testLogin, uniqueEmail, useBrowser as sharedBrowser, type Signed } from './fixture.ts';
export { SCREENSHOTS, screenshotBothThemes } from './screenshots.ts';
