// Each product image as it runs (scripts/images.sh run): as its unprivileged user, on a read-only root filesystem
// with only /tmp writable, and without any trace of the build secret that carried the host's extra CA to npm.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRODUCT, docker, imageTags, inspectContainer } from './docker.ts';

const tags = await imageTags();
/** The CA file handed to `npm ci` as the build secret npm_ca, when the host has one. */
const CA = process.env.NODE_EXTRA_CA_CERTS && existsSync(process.env.NODE_EXTRA_CA_CERTS) ? process.env.NODE_EXTRA_CA_CERTS : undefined;

describe.each(PRODUCT)('the %s image', (name) => {
  const container = `kicksight-${name}`;

  it('runs as a non-root user', async () => {
    const [image] = JSON.parse(await docker('image', 'inspect', tags[name]!)) as { Config: { User: string } }[];
    expect(image!.Config.User).toMatch(/^[1-9]\d*(:[1-9]\d*)?$/);
    expect(await docker('exec', container, 'id', '-u')).toBe(image!.Config.User.split(':')[0]);
  });

  it('runs on a read-only root filesystem, writing only to its /tmp', async () => {
    const { running, readOnly, image } = await inspectContainer(container);
    expect({ running, readOnly, image }).toEqual({ running: true, readOnly: true, image: tags[name] });
    for (const path of ['/app/probe', '/probe', '/home/node/probe']) {
      await expect(docker('exec', container, 'sh', '-c', `echo x > ${path}`), path).rejects.toThrow(/Read-only file system|Permission denied/);
    }
    expect(await docker('exec', container, 'sh', '-c', 'echo x > /tmp/probe && cat /tmp/probe && rm /tmp/probe')).toBe('x');
  });

  it('keeps no trace of the build secret: no such file, no setting pointing at one', async () => {
    const [image] = JSON.parse(await docker('image', 'inspect', tags[name]!)) as { Config: { Env: string[] } }[];
    expect(image!.Config.Env.filter((entry) => /NODE_EXTRA_CA_CERTS|npm_ca|\/run\/secrets/.test(entry))).toEqual([]);
    expect(await docker('run', '--rm', '--network', 'host', '--entrypoint', 'sh', tags[name]!, '-c', 'ls -A /run/secrets 2>/dev/null; env | grep -c npm_ca || true')).toBe('0');
    if (!CA) return;
    // No file anywhere in the image holds the CA: every file of its size is compared by content.
    const size = statSync(CA).size;
    const digest = createHash('sha256').update(readFileSync(CA)).digest('hex');
    const sameSize = await docker('run', '--rm', '--network', 'host', '--user', '0', '--entrypoint', 'sh', tags[name]!, '-c', `find / -xdev -type f -size ${size}c -exec sha256sum {} + 2>/dev/null || true`);
    expect(sameSize.split('\n').filter((line) => line.startsWith(digest))).toEqual([]);
  });
});
