// Writes the generated files of k8s/ (the base and each overlay's additions) from the Helm chart:
//   node deploy/render-k8s.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { generatedFiles } from './plain-manifests.ts';
import { ROOT } from './tools.ts';

for (const [file, content] of Object.entries(generatedFiles())) {
  writeFileSync(path.join(ROOT, 'k8s', file), content);
  process.stdout.write(`k8s/${file}\n`);
}
