import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, kustomizeBuild, parseYaml, schemaProblems } from '../tools.ts';
import { chartAsPlain, comparable, generatedFiles } from '../plain-manifests.ts';
import { workloadProblems } from '../workload-policy.ts';

const OVERLAYS: [dir: string, valuesFiles: string[]][] = [
  ['k8s/base', []],
  ['k8s/overlays/dev', ['values-dev.yaml']],
  ['k8s/overlays/prod', ['values-prod.yaml']],
];

describe('the plain manifests', () => {
  it('are the chart as rendered now (run node deploy/render-k8s.ts after changing the chart)', () => {
    for (const [file, content] of Object.entries(generatedFiles())) {
      expect(readFileSync(path.join(ROOT, 'k8s', file), 'utf8'), `k8s/${file}`).toBe(content);
    }
  });

  describe.each(OVERLAYS)('kustomize build %s', (dir, valuesFiles) => {
    const manifests = kustomizeBuild(dir);
    const objects = parseYaml(manifests);

    it('is valid against the Kubernetes schemas', () => {
      expect(objects.length).toBeGreaterThan(20);
      expect(schemaProblems(manifests)).toEqual([]);
    });

    it('gives every workload resources, probes and a locked-down security context, and prediction its autoscaler', () => {
      expect(workloadProblems(objects, { autoscaled: ['kicksight-prediction'] })).toEqual([]);
    });

    it(`holds the same objects as the chart with ${['values.yaml', ...valuesFiles].join(' + ')}`, () => {
      const fromKustomize = comparable(objects);
      const fromChart = comparable(chartAsPlain(valuesFiles));
      expect(Object.keys(fromKustomize).sort()).toEqual(Object.keys(fromChart).sort());
      for (const [key, object] of Object.entries(fromChart)) expect(fromKustomize[key], key).toEqual(object);
    });
  });
});
