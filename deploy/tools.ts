// The deployment tools (helm, kustomize, kubernetes-validate, skaffold's schemas, promtool), found where
// `scripts/stack.sh install-deploy-tools` puts them, and thin wrappers around each.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CHART_DIR = path.join(ROOT, 'helm/kicksight');
export const RELEASE = 'kicksight';
const YAML_TOOL = path.join(ROOT, 'deploy/yaml_tool.py');

const versions = parseEnv(readFileSync(path.join(ROOT, 'scripts/versions.env'), 'utf8'));
const cache = process.env.KICKSIGHT_CACHE ?? path.join(homedir(), '.cache/kicksight');

function version(key: string): string {
  const value = versions[key];
  if (!value) throw new Error(`scripts/versions.env has no ${key}`);
  return value;
}

function installed(file: string): string {
  if (!existsSync(file)) throw new Error(`${file} is missing: run scripts/stack.sh install-deploy-tools`);
  return file;
}

const validatorHome = path.join(cache, `kubernetes-validate-${version('KUBERNETES_VALIDATE_VERSION')}`);
export const tools = {
  helm: () => installed(path.join(cache, `helm-${version('HELM_VERSION')}`, 'bin/helm')),
  kustomize: () => installed(path.join(cache, `kustomize-${version('KUSTOMIZE_VERSION')}`, 'bin/kustomize')),
  kubernetesValidate: () => installed(path.join(validatorHome, 'bin/kubernetes-validate')),
  python: () => installed(path.join(validatorHome, 'bin/python')),
  skaffoldSchema: (apiVersion: string) =>
    installed(path.join(cache, `skaffold-schemas-${version('SKAFFOLD_VERSION')}`, `${apiVersion}.json`)),
  kubernetesVersion: () => version('KUBERNETES_SCHEMA_VERSION'),
  promtool: () => installed(path.join(cache, `promtool-${version('PROMETHEUS_VERSION')}`, 'bin/promtool')),
};

export class CommandError extends Error {
  readonly output: string;
  constructor(command: string, output: string) {
    super(`${command} failed:\n${output}`);
    this.output = output;
  }
}

/** Runs a command and returns its standard output; a non-zero exit throws with both outputs. */
export function run(command: string, args: string[], input?: string): string {
  try {
    return execFileSync(command, args, { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (err) {
    const { stdout = '', stderr = '' } = err as { stdout?: string; stderr?: string };
    throw new CommandError(`${path.basename(command)} ${args.join(' ')}`, `${stdout}${stderr}`);
  }
}

export interface Metadata {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

/** A Kubernetes object as far as these checks read it. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: Metadata;
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
}

export const parseYaml = (text: string): K8sObject[] => JSON.parse(run(tools.python(), [YAML_TOOL, 'to-json'], text)) as K8sObject[];
export const dumpYaml = (objects: unknown[]): string => run(tools.python(), [YAML_TOOL, 'to-yaml'], JSON.stringify(objects));

const valuesArgs = (valuesFiles: string[]) => valuesFiles.flatMap((file) => ['-f', path.join(CHART_DIR, file)]);

/** `helm lint --strict` of the chart with one values file laid over values.yaml. */
export const helmLint = (valuesFiles: string[]): string => run(tools.helm(), ['lint', '--strict', CHART_DIR, ...valuesArgs(valuesFiles)]);

/** The chart's manifests as `helm template` renders them (hooks included). */
export function helmTemplate(valuesFiles: string[], sets: string[] = []): string {
  return run(tools.helm(), ['template', RELEASE, CHART_DIR, '--namespace', 'kicksight', ...valuesArgs(valuesFiles), ...sets.flatMap((s) => ['--set', s])]);
}

export const kustomizeBuild = (dir: string): string => run(tools.kustomize(), ['build', path.join(ROOT, dir)]);

/**
 * Problems kubernetes-validate finds in the manifests against the pinned Kubernetes version's
 * schemas (strict: unknown fields are errors); empty when all are valid.
 */
export function schemaProblems(manifests: string): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'kicksight-manifests-'));
  try {
    const file = path.join(dir, 'manifests.yaml');
    writeFileSync(file, manifests);
    try {
      run(tools.kubernetesValidate(), ['--strict', '--quiet', '--kubernetes-version', tools.kubernetesVersion(), file]);
      return [];
    } catch (err) {
      if (!(err instanceof CommandError)) throw err;
      return err.output.split('\n').filter((line) => line.trim() !== '');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Errors of a YAML document against a JSON schema file (empty when valid). */
export function jsonSchemaProblems(schemaFile: string, document: string): { path: string; message: string }[] {
  return JSON.parse(run(tools.python(), [YAML_TOOL, 'check-schema', schemaFile], document)) as { path: string; message: string }[];
}
