// The plain manifests of k8s/ as the Helm chart renders them: without Helm's own labels and hook
// annotations, and with the shared settings as a kustomize ConfigMap generator (whose content
// hash rolls the workloads when a setting changes).
import { RELEASE, dumpYaml, helmTemplate, parseYaml, type K8sObject } from './tools.ts';
import { podSpecOf } from './workload-policy.ts';

const HELM_LABELS = ['helm.sh/chart', 'app.kubernetes.io/managed-by'];
const CONFIG_MAP = `${RELEASE}-config`;

function withoutKeys(map: Record<string, string> | undefined, drop: (key: string) => boolean): Record<string, string> | undefined {
  if (!map) return undefined;
  const kept = Object.fromEntries(Object.entries(map).filter(([key]) => !drop(key)));
  return Object.keys(kept).length > 0 ? kept : undefined;
}

function cleanMetadata(metadata: { labels?: Record<string, string>; annotations?: Record<string, string> }): void {
  const labels = withoutKeys(metadata.labels, (key) => HELM_LABELS.includes(key));
  const annotations = withoutKeys(metadata.annotations, (key) => key.startsWith('helm.sh/') || key.startsWith('checksum/'));
  delete metadata.labels;
  delete metadata.annotations;
  if (labels) metadata.labels = labels;
  if (annotations) metadata.annotations = annotations;
}

/** One object as a plain manifest: no Helm labels, hooks or checksums, and no namespace. */
export function asPlain(object: K8sObject): K8sObject {
  const copy = structuredClone(object);
  cleanMetadata(copy.metadata);
  delete copy.metadata.namespace;
  const template = (copy.spec as { template?: { metadata?: Record<string, never> } } | undefined)?.template;
  if (template?.metadata) cleanMetadata(template.metadata);
  return copy;
}

/** The chart's objects with the given values files, as plain manifests. */
export const chartAsPlain = (valuesFiles: string[]): K8sObject[] => parseYaml(helmTemplate(valuesFiles)).map(asPlain);

const key = (o: K8sObject) => `${o.kind}/${o.metadata.name}`;

/** File of k8s/base an object goes into: its workload's file, jobs.yaml or ingress.yaml. */
function fileOf(object: K8sObject): string {
  if (object.kind === 'Job') return 'jobs.yaml';
  if (object.kind === 'Ingress') return 'ingress.yaml';
  const component = object.metadata.labels?.['app.kubernetes.io/component'];
  if (!component) throw new Error(`${key(object)} has no component label`);
  return `${component}.yaml`;
}

const header = (what: string) =>
  `# ${what}\n# Rendered from the Helm chart helm/kicksight by \`node deploy/render-k8s.ts\` (the deploy checks compare them).\n`;

function kustomization(files: string[], config: K8sObject): string {
  const literals = Object.entries(config.data ?? {}).map(([name, value]) => `      - ${JSON.stringify(`${name}=${value}`)}`);
  const labels = Object.entries(config.metadata.labels ?? {}).map(([name, value]) => `        ${name}: ${JSON.stringify(value)}`);
  return [
    header('Kicksight as plain manifests: every workload with its Service, autoscaler, disruption budget and network policy, the Jobs, the ingress.'),
    '# Credentials come from the Secret kicksight-secrets, which is not part of these manifests (see the README).',
    'apiVersion: kustomize.config.k8s.io/v1beta1',
    'kind: Kustomization',
    '',
    'resources:',
    ...files.map((file) => `  - ${file}`),
    '',
    '# Shared, non-secret settings of every workload; the content hash in the name rolls the workloads on a change.',
    'configMapGenerator:',
    `  - name: ${CONFIG_MAP}`,
    '    options:',
    '      labels:',
    ...labels,
    '    literals:',
    ...literals,
    '',
  ].join('\n');
}

/** Every file of k8s/base, by name. */
export function baseFiles(): Record<string, string> {
  const objects = chartAsPlain([]);
  const config = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === CONFIG_MAP);
  if (!config) throw new Error(`the chart renders no ConfigMap ${CONFIG_MAP}`);
  const groups = new Map<string, K8sObject[]>();
  for (const object of objects) {
    if (object === config) continue;
    const file = fileOf(object);
    groups.set(file, [...(groups.get(file) ?? []), object]);
  }
  const files: Record<string, string> = {};
  for (const [file, group] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    files[file] = header(`Kicksight ${file.replace(/\.yaml$/, '')}.`) + dumpYaml(group);
  }
  files['kustomization.yaml'] = kustomization(Object.keys(files), config);
  return files;
}

/** Objects an overlay adds to the base: those the chart renders with its values file and not with values.yaml. */
export function overlayAdditions(valuesFile: string): string {
  const base = new Set(chartAsPlain([]).map(key));
  const added = chartAsPlain([valuesFile]).filter((o) => !base.has(key(o)));
  return header(`Kicksight objects that ${valuesFile} adds to the base.`) + dumpYaml(added);
}

/** The generated files of k8s/, by path relative to k8s/. */
export function generatedFiles(): Record<string, string> {
  const files = Object.fromEntries(Object.entries(baseFiles()).map(([file, content]) => [`base/${file}`, content]));
  files['overlays/dev/additions.yaml'] = overlayAdditions('values-dev.yaml');
  files['overlays/prod/additions.yaml'] = overlayAdditions('values-prod.yaml');
  return files;
}

/**
 * Objects as comparable between `helm template` and `kustomize build`: no namespace, and the
 * ConfigMap's content hash taken out of its name and of the references to it.
 */
export function comparable(objects: K8sObject[]): Record<string, K8sObject> {
  const hashed = new RegExp(`"${CONFIG_MAP}-[a-z0-9]{10}"`, 'g');
  return Object.fromEntries(
    objects.map((o) => {
      const plain = JSON.parse(JSON.stringify(asPlain(o)).replace(hashed, JSON.stringify(CONFIG_MAP))) as K8sObject;
      // A strategic merge patch may move a variable it sets; no variable refers to another, so order is moot.
      for (const container of podSpecOf(plain)?.containers ?? []) {
        const { env } = container as { env?: { name: string }[] };
        env?.sort((a, b) => a.name.localeCompare(b.name));
      }
      return [key(plain), plain];
    }),
  );
}
