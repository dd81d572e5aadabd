// The images phase's view of the engine (scripts/images.sh engine, on DOCKER_HOST) and of the images it built.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = new URL('../', import.meta.url).pathname;

/** The engine's own client (Debian's, of dockerd's version); answers its output, trimmed, or fails with its error. */
export async function docker(...args: string[]): Promise<string> {
  const { stdout } = await run('/usr/bin/docker', args, { maxBuffer: 64 * 1024 * 1024 });
  return stdout.trim();
}

/** name → tag of every image scripts/images.sh builds. */
export async function imageTags(): Promise<Record<string, string>> {
  const { stdout } = await run('bash', [`${ROOT}scripts/images.sh`, 'tags']);
  return Object.fromEntries(stdout.trim().split('\n').map((line) => line.split('=') as [string, string]));
}

/** The product's images, each run by scripts/images.sh run as the container kicksight-<name>. */
export const PRODUCT = ['auth', 'catalog', 'collection', 'billing', 'prediction', 'notifications', 'bff', 'web'] as const;

/** A container's settings: its environment as a map, its image's user, whether its root filesystem is read-only. */
export async function inspectContainer(name: string): Promise<{ env: Record<string, string>; running: boolean; readOnly: boolean; image: string }> {
  const [info] = JSON.parse(await docker('inspect', name)) as {
    Config: { Env: string[]; Image: string };
    State: { Running: boolean };
    HostConfig: { ReadonlyRootfs: boolean };
  }[];
  return {
    env: Object.fromEntries(info!.Config.Env.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)])),
    running: info!.State.Running,
    readOnly: info!.HostConfig.ReadonlyRootfs,
    image: info!.Config.Image,
  };
}
