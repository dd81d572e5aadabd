import { describe, expect, it } from 'vitest';
import { callReplicas, connectionErrorCode, createReplicaSet, mayTryAnotherReplica } from './replicas.ts';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
const dropped = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });

describe('createReplicaSet', () => {
  it('sends requests to each replica in turn', () => {
    const set = createReplicaSet(['a', 'b', 'c']);
    expect(Array.from({ length: 6 }, () => set.pick().replica)).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);
  });

  it('passes a replica marked gone over until its time is up, then takes it back', () => {
    let now = 1_000;
    const set = createReplicaSet(['a', 'b'], { goneMs: 2_000, now: () => now });
    set.markGone(0);
    expect(Array.from({ length: 4 }, () => set.pick().replica)).toEqual(['b', 'b', 'b', 'b']);
    now += 2_001;
    expect(Array.from({ length: 2 }, () => set.pick().replica).sort()).toEqual(['a', 'b']);
  });

  it('still answers with a replica when every one is marked gone (a refused call fails then, rather than none being made)', () => {
    const set = createReplicaSet(['a', 'b']);
    set.markGone(0);
    set.markGone(1);
    expect(['a', 'b']).toContain(set.pick().replica);
  });

  it('sends a retry to a replica the request has not tried, even when every replica is marked gone', () => {
    const set = createReplicaSet(['a', 'b']);
    set.markGone(0);
    set.markGone(1);
    // Other requests' picks move the turn on: whatever the turn, a request that failed on b goes to a, and back.
    for (let turn = 0; turn < 4; turn++) {
      set.pick();
      expect(set.pick(new Set([1])).replica).toBe('a');
      expect(set.pick(new Set([0])).replica).toBe('b');
    }
  });

  it('names the index it picked, for marking it gone', () => {
    const set = createReplicaSet(['a', 'b']);
    const first = set.pick();
    set.markGone(first.index);
    expect(set.pick().index).not.toBe(first.index);
    expect(set.pick().index).not.toBe(first.index);
  });

  it('refuses a service without replicas', () => {
    expect(() => createReplicaSet([])).toThrow(/at least one replica/);
  });
});

describe('mayTryAnotherReplica', () => {
  it('tries another replica for any method when the connection was refused: nothing was sent', () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) expect(mayTryAnotherReplica(refused, method)).toBe(true);
  });

  it('tries another replica after a dropped connection only for a read, or when the replica closed a kept-alive connection as idle', () => {
    expect(mayTryAnotherReplica(dropped, 'GET')).toBe(true);
    expect(mayTryAnotherReplica(dropped, 'head')).toBe(true);
    expect(mayTryAnotherReplica(dropped, 'POST')).toBe(false);
    expect(mayTryAnotherReplica(dropped, 'DELETE')).toBe(false);
    expect(mayTryAnotherReplica(dropped, 'POST', { reusedConnection: true })).toBe(true);
  });

  it('never retries a time-out or an answer (the replica may have done the work)', () => {
    expect(mayTryAnotherReplica(Object.assign(new Error('timed out'), { name: 'TimeoutError' }), 'GET')).toBe(false);
    expect(mayTryAnotherReplica(Object.assign(new Error('x'), { code: 'ETIMEDOUT' }), 'GET')).toBe(false);
  });

  it('reads the code fetch puts on the error’s cause', () => {
    const failed = new TypeError('fetch failed', { cause: refused });
    expect(connectionErrorCode(failed)).toBe('ECONNREFUSED');
    expect(mayTryAnotherReplica(failed, 'POST')).toBe(true);
  });
});

describe('callReplicas', () => {
  it('makes a call another replica answers when the first refused, and passes the refusing one over next time', async () => {
    const set = createReplicaSet(['down', 'up']);
    const tried: string[] = [];
    const call = (replica: string) => {
      tried.push(replica);
      return replica === 'down' ? Promise.reject(refused) : Promise.resolve(`answered by ${replica}`);
    };
    expect(await callReplicas(set, 'POST', call)).toBe('answered by up');
    expect(await callReplicas(set, 'POST', call)).toBe('answered by up');
    expect(tried).toEqual(['down', 'up', 'up']);
  });

  it('sends the retry to the replica it has not tried while both are marked gone and other calls take turns', async () => {
    const set = createReplicaSet(['a', 'b']);
    set.markGone(0);
    set.markGone(1);
    set.pick();
    const answer = await callReplicas(set, 'POST', async (replica) => {
      if (replica === 'a') return 'answered by a';
      set.pick(); // another request's turn, between the refusal and the retry
      throw refused;
    });
    expect(answer).toBe('answered by a');
  });

  it('tries each replica once at most, then fails with the last error', async () => {
    const set = createReplicaSet(['a', 'b', 'c']);
    const tried: string[] = [];
    await expect(callReplicas(set, 'GET', (replica) => (tried.push(replica), Promise.reject(refused)))).rejects.toBe(refused);
    expect(tried).toEqual(['a', 'b', 'c']);
  });

  it('does not send a write again after the replica dropped it (it may have done the work)', async () => {
    const set = createReplicaSet(['a', 'b']);
    const tried: string[] = [];
    await expect(callReplicas(set, 'POST', (replica) => (tried.push(replica), Promise.reject(dropped)))).rejects.toBe(dropped);
    expect(tried).toEqual(['a']);
  });
});
