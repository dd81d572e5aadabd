import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const lib = fileURLToPath(new URL('./public-bind.sh', import.meta.url));
const warningFor = (host: string) => execFileSync('bash', ['-c', `source "$0" && public_bind_warning "$1"`, lib, host], { encoding: 'utf8' });

describe("up's warning about a public bind", () => {
  it('warns when HOST makes the processes reachable from other machines', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'kicksight.example.com']) {
      expect(warningFor(host), host).toBe(`WARNING: HOST=${host}: every process listens on that address and is reachable from other machines\n`);
    }
  });

  it('says nothing for a loopback address or none', () => {
    for (const host of ['', '127.0.0.1', '127.0.1.1', 'localhost', '::1']) expect(warningFor(host), host).toBe('');
  });

  it('is what apps.sh up prints before it starts anything', () => {
    const up = readFileSync(fileURLToPath(new URL('../apps.sh', import.meta.url)), 'utf8');
    expect(up).toMatch(/warning=\$\(public_bind_warning "\$\{HOST:-\}"\)\n\s+\[\[ -z "\$warning" \]\] \|\| note apps "\$warning"/);
  });
});
