// The third-party PWA's rules apart from the screen: transfer amounts (whole 元, within what the side
// holds), the launch link, the route tabs, and the safe-URL check before a page is replaced.
import { describe, expect, it } from 'vitest';
import { launchPageHref } from '../../src/app/features/third-party/open-game.ts';
import { safeGameUrl } from '../../src/app/features/third-party/safe-url.ts';
import { isSlotProviderTab, isTransferTab } from '../../src/app/features/third-party/third-party-tabs.ts';
import { launchPath, recordsPath } from '../../src/app/features/third-party/third-party-queries.ts';
import { checkTransferAmount, INSUFFICIENT_MESSAGE, wholeYuan, yuanText } from '../../src/app/features/third-party/transfer/transfer-form.ts';

describe('transfer amounts', () => {
  it('take whole 元 within what the side holds', () => {
    expect(checkTransferAmount('200', 300_0000)).toEqual({ amount: 200_0000 });
    expect(checkTransferAmount(' 300 ', 300_0000)).toEqual({ amount: 300_0000 });
    expect(checkTransferAmount('', 300_0000)).toEqual({ error: '请输入转账金额' });
    expect(checkTransferAmount('200.5', 300_0000)).toEqual({ error: '转账金额须为整数元' });
    expect(checkTransferAmount('0', 300_0000)).toEqual({ error: '请输入转账金额' });
    expect(checkTransferAmount('-5', 300_0000)).toEqual({ error: '请输入转账金额' });
    expect(checkTransferAmount('1e3', 300_0000)).toEqual({ error: '请输入正确的金额' });
    expect(checkTransferAmount('abc\u0000', 300_0000)).toEqual({ error: '请输入正确的金额' });
    expect(checkTransferAmount('301', 300_0000)).toEqual({ error: INSUFFICIENT_MESSAGE });
  });

  it('全部 is the balance down to whole 元', () => {
    expect(wholeYuan(123_4567)).toBe(123_0000);
    expect(wholeYuan(-1)).toBe(0);
    expect(yuanText(wholeYuan(123_4567))).toBe('123');
  });
});

describe('links and tabs', () => {
  it('the launch page link carries provider, catalogue, room and game', () => {
    expect(launchPageHref({ provider: 'AG', catalogue: 'FISHING_JOY', room: 'r1' })).toBe('/third-party-game/game?gameProvider=AG&gameCatalog=FISHING_JOY&gameRoom=r1');
    expect(launchPageHref({ provider: 'PG', catalogue: 'SLOT_MACHINE', gameId: 'g 1' })).toBe('/third-party-game/game?gameProvider=PG&gameCatalog=SLOT_MACHINE&gameId=g+1');
    expect(launchPath({ gameProvider: 'PG', gameCatalog: 'SLOT_MACHINE', device: 'MOBILE', autoTransfer: 'false', gameId: 'x' })).toBe(
      '/ajax/third-party/launch?gameProvider=PG&gameCatalog=SLOT_MACHINE&device=MOBILE&autoTransfer=false&gameId=x',
    );
    expect(recordsPath({ provider: 'PG', type: 'BET', page: 2 })).toBe('/ajax/wallet/third-party/records?provider=PG&type=BET&page=2');
    expect(recordsPath({})).toBe('/ajax/wallet/third-party/records?page=1');
  });

  it('route tabs are slot providers and active providers (never AVIA)', () => {
    expect(isSlotProviderTab('PG')).toBe(true);
    expect(isSlotProviderTab('KY')).toBe(false);
    expect(isSlotProviderTab('AVIA')).toBe(false);
    expect(isTransferTab('KY')).toBe(true);
    expect(isTransferTab('AVIA')).toBe(false);
    expect(isTransferTab('history')).toBe(false);
  });

  it('only a web page may replace the launch page', () => {
    expect(safeGameUrl('http://127.0.0.1:3200/play/x')).toBe('http://127.0.0.1:3200/play/x');
    expect(safeGameUrl('javascript:alert(1)')).toBeNull();
    expect(safeGameUrl('data:text/html,x')).toBeNull();
  });
});
