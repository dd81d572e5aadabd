import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The root's lint setup, run on code planted in files that do not exist, at paths that decide which rules apply.
const root = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the workspace boundaries lint', () => {
  it('refuses a service importing another service, by relative path', async () => {
    const broken = await rulesBroken('services/auth/src/planted.ts', "import { createApp } from '../../catalog/src/app.ts';\nexport const app = createApp;\n");
    expect(broken).toContainEqual(expect.stringMatching(/^import-x\/no-restricted-paths: .*services\/auth may not import services\/catalog/));
    expect(broken).toContainEqual(expect.stringMatching(/^import-x\/no-relative-packages: /));
  });

  it('refuses the BFF importing a service, and shipped code importing the test kit', async () => {
    expect(await rulesBroken('bff/src/planted.ts', "import { loadConfig } from '../../services/billing/src/config.ts';\nexport const c = loadConfig;\n")).toContainEqual(
      expect.stringMatching(/^import-x\/no-restricted-paths: .*bff may not import services\/billing/),
    );
    expect(await rulesBroken('services/collection/src/planted.ts', "import { waitFor } from '@kicksight/testkit';\nexport const w = waitFor;\n")).toContainEqual(
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Shipped code may not import tests, scripts or the test kit/),
    );
  });

  it('refuses a dependency the workspace does not declare', async () => {
    expect(await rulesBroken('services/auth/src/planted.ts', "import { parse } from 'csv-parse';\nexport const p = parse;\n")).toContainEqual(
      expect.stringMatching(/^import-x\/no-extraneous-dependencies: 'csv-parse' should be listed/),
    );
  });

  it("refuses a web feature reaching into another feature's files", async () => {
    expect(await rulesBroken('web/src/features/search/planted.ts', "import { sneakerQueries } from '../sneaker/api.ts';\nexport const q = sneakerQueries;\n")).toContainEqual(
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Import another feature through its index/),
    );
  });

  it('lets a service use a shared package by its name', async () => {
    expect(await rulesBroken('services/auth/src/planted.ts', "import { AppError } from '@kicksight/platform';\nexport const e = AppError;\n")).toEqual([]);
  });
});
