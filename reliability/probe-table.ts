import type { Reporter, TestModule } from 'vitest/node';

interface Row {
  group: string;
  probes: number;
  refused: number;
}

/**
 * Prints, after the run, one row per probe group (a test file's top-level describe): how many probes it
 * made and how many were refused as expected (passed).
 */
export default class ProbeTable implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = new Map<string, Row>();
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        let suite = test.parent;
        while (suite.type === 'suite' && suite.parent.type === 'suite') suite = suite.parent;
        const group = suite.type === 'suite' ? suite.name : module.moduleId;
        const row = rows.get(group) ?? { group, probes: 0, refused: 0 };
        row.probes += 1;
        if (test.result().state === 'passed') row.refused += 1;
        rows.set(group, row);
      }
    }
    const all = [...rows.values()];
    const total = { group: 'total', probes: all.reduce((n, r) => n + r.probes, 0), refused: all.reduce((n, r) => n + r.refused, 0) };
    const width = Math.max(11, ...all.map((r) => r.group.length));
    const line = (a: string, b: string, c: string) => `| ${a.padEnd(width)} | ${b.padStart(6)} | ${c.padStart(19)} |`;
    const table = [
      line('probe group', 'probes', 'refused as expected'),
      `|${'-'.repeat(width + 2)}|--------|---------------------|`,
      ...all.map((r) => line(r.group, String(r.probes), String(r.refused))),
      line(total.group, String(total.probes), String(total.refused)),
    ];
    process.stdout.write(`\nSecurity probes\n${table.join('\n')}\n`);
  }
}
