// The HTTP JSON feed reads results from a configured path and refuses anything that is not plain
// numbers; the format of the draw type is checked by the scheduler (draw-loops.test.ts).
import { describe, expect, it } from 'vitest';
import { HttpJsonFeed, parseFeedResult } from '../../src/server/draws/feeds/http-json.ts';

describe('HTTP JSON result feed', () => {
  it('reads arrays, separated strings and zero-padded numerals', () => {
    expect(parseFeedResult([3, 1, 4, 1, 5])).toEqual([3, 1, 4, 1, 5]);
    expect(parseFeedResult('03,11,24,27,30,32+09')).toEqual([3, 11, 24, 27, 30, 32, 9]);
    expect(parseFeedResult(['07', '08'])).toEqual([7, 8]);
    expect(parseFeedResult('1 2|3')).toEqual([1, 2, 3]);
  });

  it('refuses anything that is not plain numbers', () => {
    for (const bad of ['0x10,1', '1e1,2', '1.5,2', '', [], [1.5], ['a'], null, { result: [1] }, '1,,x']) {
      expect(parseFeedResult(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('fills the URL template and reads the configured path; 404 means not yet published', async () => {
    const asked: string[] = [];
    const feed = new HttpJsonFeed({
      urlTemplate: 'https://feed.example/{drawType}/{issueNumber}',
      resultPath: 'data.result',
      fetchImpl: (async (url: string) => {
        asked.push(url);
        if (url.endsWith('/404')) return new Response('', { status: 404 });
        return Response.json({ data: { result: '1,2,3,4,5' } });
      }) as typeof fetch,
    });
    expect(await feed.fetchResult({ drawType: 'CQSSC', issueNumber: '20261122001', drawAt: 0 })).toEqual([1, 2, 3, 4, 5]);
    expect(await feed.fetchResult({ drawType: 'CQSSC', issueNumber: '404', drawAt: 0 })).toBeNull();
    expect(asked[0]).toBe('https://feed.example/CQSSC/20261122001');
  });
});
