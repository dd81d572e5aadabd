import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHART_DIR, ROOT, helmTemplate, jsonSchemaProblems, parseYaml, tools } from '../tools.ts';

interface Artifact {
  image: string;
  context: string;
  docker: { dockerfile: string; target?: string; buildArgs?: Record<string, string> };
}

interface SkaffoldConfig {
  apiVersion: string;
  build: { artifacts: Artifact[] };
  deploy: { helm: { releases: { chartPath: string; setValueTemplates: Record<string, string> }[] } };
  portForward: { resourceType: string; resourceName: string; port: number; localPort: number }[];
  profiles: { name: string; patches: { path: string; value: string[] }[] }[];
}

const text = readFileSync(path.join(ROOT, 'skaffold.yaml'), 'utf8');
const config = parseYaml(text)[0] as unknown as SkaffoldConfig;
const schemaOf = (doc: SkaffoldConfig) => tools.skaffoldSchema(doc.apiVersion.replace('skaffold/', ''));

/** Image repositories of the chart's own workloads (services.<name>.image.repository). */
function chartImages(): Map<string, string> {
  const values = readFileSync(path.join(CHART_DIR, 'values.yaml'), 'utf8');
  const services = (parseYaml(values)[0] as unknown as { services: Record<string, { image?: { repository: string } }> }).services;
  return new Map(Object.entries(services).flatMap(([name, svc]) => (svc.image ? [[name, svc.image.repository] as [string, string]] : [])));
}

describe('skaffold.yaml', () => {
  it('is valid against the schema of its apiVersion', () => {
    expect(config.apiVersion).toMatch(/^skaffold\/v\d/);
    expect(jsonSchemaProblems(schemaOf(config), text)).toEqual([]);
  });

  it('fails the schema with a misspelt field', () => {
    const misspelt = text.replace('dockerfile: Dockerfile', 'dockerfil: Dockerfile');
    expect(misspelt).not.toBe(text);
    expect(jsonSchemaProblems(schemaOf(config), misspelt).length).toBeGreaterThan(0);
  });

  it('builds one image per chart workload from the repository root as its own variant of a Dockerfile (target and build arguments)', () => {
    const images = chartImages();
    expect([...images.values()].sort()).toEqual(config.build.artifacts.map((a) => a.image).sort());
    for (const artifact of config.build.artifacts) {
      expect(artifact.context, artifact.image).toBe('.');
      expect(existsSync(path.join(ROOT, artifact.docker.dockerfile)), artifact.docker.dockerfile).toBe(true);
    }
    const variants = config.build.artifacts.map((a) => JSON.stringify([a.docker.dockerfile, a.docker.target ?? '', a.docker.buildArgs ?? {}]));
    expect(new Set(variants).size).toBe(config.build.artifacts.length);
  });

  it('deploys the chart with each built image set on its workload', () => {
    const [release] = config.deploy.helm.releases;
    expect(path.resolve(ROOT, release!.chartPath)).toBe(CHART_DIR);
    for (const [name, repository] of chartImages()) {
      const id = repository.replaceAll('/', '_');
      expect(release!.setValueTemplates[`services.${name}.image.repository`]).toBe(`{{.IMAGE_REPO_${id}}}`);
      expect(release!.setValueTemplates[`services.${name}.image.tag`]).toBe(`{{.IMAGE_TAG_${id}}}@{{.IMAGE_DIGEST_${id}}}`);
    }
  });

  it('has dev and prod profiles on the chart values files', () => {
    const profiles = Object.fromEntries(config.profiles.map((p) => [p.name, p.patches.flatMap((patch) => patch.value)]));
    expect(profiles).toEqual({ dev: ['helm/kicksight/values-dev.yaml'], prod: ['helm/kicksight/values-prod.yaml'] });
    for (const file of Object.values(profiles).flat()) expect(existsSync(path.join(ROOT, file)), file).toBe(true);
  });

  it('forwards the web app and the BFF to Services the chart renders', () => {
    const services = parseYaml(helmTemplate([])).filter((o) => o.kind === 'Service');
    const forwards = config.portForward.map((f) => `${f.resourceName}:${f.port}->${f.localPort}`);
    expect(forwards).toEqual(['kicksight-web:5173->5173', 'kicksight-bff:8080->8080']);
    for (const forward of config.portForward) {
      const service = services.find((s) => s.metadata.name === forward.resourceName);
      expect((service?.spec as { ports: { port: number }[] } | undefined)?.ports.map((p) => p.port), forward.resourceName).toContain(forward.port);
    }
  });
});
