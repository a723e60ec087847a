// The documented terminal command (docs/fairness.md): prints the steps, exits 0 on a match, 1 otherwise.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SEED = 'aa'.repeat(32);
/** SHA-256(seed ‖ "202611220001"): the commitment. */
const COMMITMENT = '198b492fb013529bec9e41b531980f0a38d9b204d3a7ac7f799a5583ae6ff376';
/** SHA-256(seed): the seed the chain's previous issue would have revealed. */
const PREVIOUS_SEED = 'e0e77a507412b120f6ede61f62295b1a7b2ff19d3dcc8f7253e51663470c888e';

function verifyDraw(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify-draw.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const PERIODIC = ['--draw-type', 'UUFFC', '--issue', '202611220001', '--seed', SEED];

describe('scripts/verify-draw.ts', () => {
  it('exits 0 when the commitment, the chain link and the result match, printing every step', () => {
    const run = verifyDraw(...PERIODIC, '--commitment', COMMITMENT, '--previous-seed', PREVIOUS_SEED, '--result', '9,5,6,9,8');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`✓ 1. 核对本期承诺：SHA-256(种子 ‖ 期号 "202611220001") = ${COMMITMENT}`);
    expect(run.stdout).toContain(`✓ 2. 核对哈希链（上一期种子）：SHA-256(种子) = ${PREVIOUS_SEED}`);
    expect(run.stdout).toContain('第 1 块：HMAC-SHA256(种子, "UUFFC:202611220001::0") = 817db031');
    expect(run.stdout).toContain('第 1 字节 0x81 = 129 < 250，接受：129 mod 10 = 9');
    expect(run.stdout).toContain('开奖号码（按开出顺序）：9,5,6,9,8');
    expect(run.stdout).toContain('验证通过：种子承诺、哈希链、开奖号码均一致');
  });

  it('checks the chain against the anchor by position', () => {
    expect(verifyDraw(...PERIODIC, '--anchor', PREVIOUS_SEED, '--chain-position', '1').status).toBe(0);
    expect(verifyDraw(...PERIODIC, '--anchor', PREVIOUS_SEED, '--chain-position', '2').status).toBe(1);
  });

  it('exits 1 when the result does not match', () => {
    const run = verifyDraw(...PERIODIC, '--commitment', COMMITMENT, '--result', '1,2,3,4,5');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('验证失败：开奖号码不符');
  });

  it('exits 1 for the old-style commitment SHA-256(seed), a wrong previous seed, or another 期号', () => {
    expect(verifyDraw(...PERIODIC, '--commitment', PREVIOUS_SEED).status).toBe(1);
    expect(verifyDraw(...PERIODIC, '--previous-seed', COMMITMENT).status).toBe(1);
    expect(verifyDraw('--draw-type', 'UUFFC', '--issue', '202611220002', '--seed', SEED, '--commitment', COMMITMENT).status).toBe(1);
  });

  it('exits 1 when the seed does not match the commitment, or a beacon was left out', () => {
    expect(verifyDraw(...PERIODIC, '--commitment', 'ab'.repeat(32)).status).toBe(1);
    const beacon = 'ff00'.repeat(16);
    expect(verifyDraw(...PERIODIC, '--beacon', beacon, '--result', '0,5,1,9,5').status).toBe(0);
    expect(verifyDraw(...PERIODIC, '--result', '0,5,1,9,5').status).toBe(1);
  });

  it('exits 1 with a Chinese message on bad input or nothing to compare', () => {
    const bad = verifyDraw('--draw-type', 'UUFFC', '--issue', '202611220001', '--seed', 'xyz');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('种子必须是十六进制字符串');
    const nothing = verifyDraw(...PERIODIC);
    expect(nothing.status).toBe(1);
    expect(nothing.stdout).toContain('无从比对');
  });

  it('verifies instant draws from server seed, client seed and nonce', () => {
    const seed = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
    const run = verifyDraw(
      ...['--draw-type', 'MKSSC', '--server-seed', seed, '--client-seed', 'player-chosen', '--nonce', '1'],
      ...['--server-seed-hash', '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd'],
      ...['--result', '2,9,7,2,0'],
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('HMAC-SHA256(种子, "player-chosen:1:0")');
  });
});
