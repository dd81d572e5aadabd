// What every Kicksight workload must have, checked on rendered manifests: resources, health
// probes, a locked-down security context, and an autoscaler for the workloads that scale.
import type { K8sObject } from './tools.ts';

interface SecurityContext {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  readOnlyRootFilesystem?: boolean;
  allowPrivilegeEscalation?: boolean;
  privileged?: boolean;
  capabilities?: { drop?: string[] };
}

interface Probe {
  httpGet?: { path?: string; port?: string | number };
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
}

export interface Container {
  name: string;
  image?: string;
  command?: string[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports?: { name?: string; containerPort: number }[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  securityContext?: SecurityContext;
}

interface PodSpec {
  containers: Container[];
  volumes?: Record<string, unknown>[];
  initContainers?: Container[];
  securityContext?: SecurityContext;
}

interface HpaSpec {
  scaleTargetRef?: { kind?: string; name?: string };
  minReplicas?: number;
  maxReplicas?: number;
  metrics?: { type: string; resource?: { name?: string } }[];
}

const LONG_RUNNING = new Set(['Deployment', 'StatefulSet', 'DaemonSet']);
const WORKLOAD_KINDS = new Set([...LONG_RUNNING, 'Job', 'CronJob']);

/** The pod spec of a workload object. */
export function podSpecOf(object: K8sObject): PodSpec | undefined {
  const spec = object.spec as { template?: { spec?: PodSpec }; jobTemplate?: { spec?: { template?: { spec?: PodSpec } } } } | undefined;
  return object.kind === 'CronJob' ? spec?.jobTemplate?.spec?.template?.spec : spec?.template?.spec;
}

export const workloadsOf = (objects: K8sObject[]): K8sObject[] => objects.filter((o) => WORKLOAD_KINDS.has(o.kind));

function resourceProblems(where: string, container: Container): string[] {
  const { requests = {}, limits = {} } = container.resources ?? {};
  return [
    ...(requests.cpu ? [] : [`${where}: no CPU request`]),
    ...(requests.memory ? [] : [`${where}: no memory request`]),
    ...(limits.memory ? [] : [`${where}: no memory limit`]),
  ];
}

function probeProblems(where: string, container: Container): string[] {
  return [
    ...(container.livenessProbe?.httpGet?.path === '/livez' ? [] : [`${where}: no liveness probe on /livez`]),
    ...(container.readinessProbe?.httpGet?.path === '/readyz' ? [] : [`${where}: no readiness probe on /readyz`]),
  ];
}

function securityProblems(where: string, pod: PodSpec, container: Container): string[] {
  const sc = container.securityContext ?? {};
  const nonRoot = (sc.runAsNonRoot ?? pod.securityContext?.runAsNonRoot) === true;
  const uid = sc.runAsUser ?? pod.securityContext?.runAsUser;
  return [
    ...(nonRoot && uid !== 0 ? [] : [`${where}: may run as root (runAsNonRoot is not true)`]),
    ...(sc.readOnlyRootFilesystem === true ? [] : [`${where}: root filesystem is writable`]),
    ...(sc.allowPrivilegeEscalation === false ? [] : [`${where}: privilege escalation is allowed`]),
    ...(sc.privileged === true ? [`${where}: runs privileged`] : []),
    ...(sc.capabilities?.drop?.includes('ALL') ? [] : [`${where}: capabilities are not all dropped`]),
  ];
}

function autoscalerProblems(objects: K8sObject[], deploymentName: string): string[] {
  const deployment = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === deploymentName);
  if (!deployment) return [`${deploymentName}: no Deployment`];
  const hpa = objects.find((o) => {
    const spec = o.spec as HpaSpec | undefined;
    return o.kind === 'HorizontalPodAutoscaler' && spec?.scaleTargetRef?.kind === 'Deployment' && spec.scaleTargetRef.name === deploymentName;
  });
  if (!hpa) return [`${deploymentName}: no HorizontalPodAutoscaler`];
  const spec = hpa.spec as HpaSpec;
  return [
    ...(spec.metrics?.some((m) => m.type === 'Resource' && m.resource?.name === 'cpu') ? [] : [`${deploymentName}: its autoscaler does not follow CPU`]),
    ...((spec.maxReplicas ?? 0) > (spec.minReplicas ?? 1) ? [] : [`${deploymentName}: its autoscaler cannot add pods (maxReplicas <= minReplicas)`]),
    // A fixed replica count would be reset on every apply, fighting the autoscaler.
    ...((deployment.spec as { replicas?: number }).replicas === undefined ? [] : [`${deploymentName}: sets replicas although autoscaled`]),
  ];
}

/**
 * Every problem of the rendered objects: each container of each workload lacks none of its
 * requests and memory limit and runs locked down; long-running ones have /livez and /readyz
 * probes; each Deployment named in `autoscaled` has an autoscaler on CPU.
 */
export function workloadProblems(objects: K8sObject[], { autoscaled }: { autoscaled: string[] }): string[] {
  const problems: string[] = [];
  for (const workload of workloadsOf(objects)) {
    const pod = podSpecOf(workload);
    if (!pod || pod.containers.length === 0) {
      problems.push(`${workload.kind} ${workload.metadata.name}: no containers`);
      continue;
    }
    for (const container of [...pod.containers, ...(pod.initContainers ?? [])]) {
      const where = `${workload.kind} ${workload.metadata.name}, container ${container.name}`;
      problems.push(...resourceProblems(where, container), ...securityProblems(where, pod, container));
      if (LONG_RUNNING.has(workload.kind) && pod.containers.includes(container)) problems.push(...probeProblems(where, container));
    }
  }
  for (const name of autoscaled) problems.push(...autoscalerProblems(objects, name));
  return problems;
}
