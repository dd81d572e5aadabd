import { createRequire } from 'node:module';
import path from 'node:path';
import { Router } from 'express';
import { allOperations } from '@kicksight/contracts';
import { edgeOperations } from './edge-operations.ts';
import { buildOpenApiDocument } from './openapi.ts';

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
/** The files of the docs UI served from the package (no CDN). */
const ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'favicon-32x32.png', 'favicon-16x16.png']);

const PAGE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>Kicksight API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css">
    <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png" sizes="32x32">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/swagger-ui-standalone-preset.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

// A file, not an inline script, so the page works under a CSP without 'unsafe-inline' scripts.
const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/docs/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;

/** `/api/docs`: the browsable docs UI; `/api/docs/openapi.json`: the OpenAPI 3.1 document. */
export function docsRouter(): Router {
  const document = buildOpenApiDocument([...allOperations, ...edgeOperations], { title: 'Kicksight API', version: '1.0.0' });
  const router = Router();
  router.get('/api/docs/openapi.json', (_req, res) => {
    res.json(document);
  });
  router.get('/api/docs', (_req, res) => {
    res.type('html').send(PAGE);
  });
  router.get('/api/docs/init.js', (_req, res) => {
    res.type('js').send(INIT);
  });
  router.get('/api/docs/:file', (req, res, next) => {
    if (!ASSETS.has(req.params.file)) return next();
    res.sendFile(req.params.file, { root: swaggerDir, maxAge: '1d' });
  });
  return router;
}
