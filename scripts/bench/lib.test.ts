import { afterEach, describe, expect, it } from 'vitest';
import { nginxConfig } from '@kicksight/testkit';
import { cpuUsPerCall, keptToRate, median, percentile, rounds, setting } from './lib.ts';

describe('setting', () => {
  afterEach(() => {
    delete process.env.BENCH_TEST_VALUE;
  });

  it('reads a number from the environment, or gives the default', () => {
    expect(setting('BENCH_TEST_VALUE', 16)).toBe(16);
    process.env.BENCH_TEST_VALUE = '2.5';
    expect(setting('BENCH_TEST_VALUE', 16)).toBe(2.5);
  });

  it('stops on a value that is not a positive number, naming the setting', () => {
    for (const bad of ['0', '-3', 'ten', '']) {
      process.env.BENCH_TEST_VALUE = bad;
      expect(() => setting('BENCH_TEST_VALUE', 16)).toThrow('BENCH_TEST_VALUE must be a positive number');
    }
  });

  it('takes zero where allowed, and asks for whole numbers where needed', () => {
    process.env.BENCH_TEST_VALUE = '0';
    expect(setting('BENCH_TEST_VALUE', 1, { zero: true })).toBe(0);
    process.env.BENCH_TEST_VALUE = '-1';
    expect(() => setting('BENCH_TEST_VALUE', 1, { zero: true })).toThrow('BENCH_TEST_VALUE must be a non-negative number');
    process.env.BENCH_TEST_VALUE = '2.5';
    expect(() => setting('BENCH_TEST_VALUE', 1, { whole: true })).toThrow('BENCH_TEST_VALUE must be a positive whole number');
  });
});

describe('cpuUsPerCall', () => {
  it('divides CPU seconds over the calls, in whole microseconds', () => {
    expect(cpuUsPerCall(0.5, 1_000)).toBe(500);
    expect(cpuUsPerCall(0.0012345, 10)).toBe(123);
  });

  it('is null when the CPU time is unknown or nothing was called', () => {
    expect(cpuUsPerCall(undefined, 10)).toBeNull();
    expect(cpuUsPerCall(Number.NaN, 10)).toBeNull();
    expect(cpuUsPerCall(1, 0)).toBeNull();
  });
});

describe('percentile', () => {
  it('gives the nearest-rank value of sorted numbers', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('keptToRate', () => {
  it('allows `rate` calls in each window from the first call on, and names the worst moment', () => {
    const second = (s: number) => s * 1_000;
    const calls = [0, 1, 2, 60, 61, 62].map(second);
    expect(keptToRate(calls, 3, 60_000)).toEqual({ kept: true, worst: { calls: 3, allowed: 3 } });
    expect(keptToRate([...calls, second(62.5)], 3, 60_000)).toEqual({ kept: false, worst: { calls: 7, allowed: 6 } });
    expect(keptToRate([0, 1, 2, 3].map(second), 3, 60_000).kept).toBe(false);
  });
});

describe('rounds', () => {
  it('runs every target once a round, each round starting one further on, so every target takes every place', () => {
    expect(rounds(['direct', 'nginx', 'bff'], 4)).toEqual([
      ['direct', 'nginx', 'bff'],
      ['nginx', 'bff', 'direct'],
      ['bff', 'direct', 'nginx'],
      ['direct', 'nginx', 'bff'],
    ]);
    expect(rounds(['a'], 2)).toEqual([['a'], ['a']]);
  });
});

describe('median', () => {
  it('is the middle figure of an odd count and the lower middle of an even one, whatever the order', () => {
    expect(median([0.9, 0.2, 0.4])).toBe(0.4);
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(median([])).toBeNaN();
  });
});

describe('nginxConfig', () => {
  it('proxies to the upstream on the loopback port given, keeping upstream connections alive, every file under its own directory', () => {
    const config = nginxConfig({ dir: '/tmp/bench-nginx', port: 18080, upstreams: ['http://127.0.0.1:7001'] });
    expect(config).toContain('listen 127.0.0.1:18080;');
    expect(config).toContain('upstream app { server 127.0.0.1:7001; keepalive 32; }');
    expect(config).toContain('proxy_http_version 1.1;');
    expect(config).toContain('access_log off;');
    const paths = [...config.matchAll(/(?:^|\s)(\/[\w./-]+)/g)].map((m) => m[1]!);
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) expect(path.startsWith('/tmp/bench-nginx/')).toBe(true);
  });
});
