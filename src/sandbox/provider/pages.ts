// The pages a player sees at the sandbox provider: server-rendered HTML with plain forms and no script,
// so a strict CSP holds; every page says 沙箱. Slot and fishing are playable; card, live and sports
// are labelled lobbies; the sports stream is an animated scoreboard refreshed by the browser.
import type { ThirdPartyProvider } from '../../shared/enums.ts';
import { formatYuan, type Money } from '../../shared/money.ts';
import { FISH_KINDS, FISHING_ROOMS, fishReturnToPlayer, percentText, type FishingRoom } from '../../shared/providers/fishing.ts';
import {
  SLOT_FIRST_CHERRY,
  SLOT_STAKES,
  SLOT_STATED_RTP,
  SLOT_SYMBOL_LABELS,
  SLOT_SYMBOLS,
  SLOT_THREE_OF_A_KIND,
  SLOT_TWO_CHERRIES,
  slotWindow,
  type SlotSymbol,
} from '../../shared/providers/slot.ts';
import { CATALOGUE_NAMES, escapeXml as escape, gamesOf, PROVIDER_NAMES, type SandboxGame } from './catalogue.ts';
import type { GameSession, RoundResult } from './sessions.ts';

export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** "12.50", and "2" for a whole amount (stakes read better without ".00"). */
function yuanText(amount: Money): string {
  return formatYuan(amount).replace(/\.00$/, '');
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#0f172a;color:#e2e8f0}
main{max-width:520px;margin:0 auto;padding:16px 12px 32px}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:20px 0 8px}
.badge{display:inline-block;background:#fde68a;color:#78350f;border-radius:4px;padding:1px 8px;font-size:13px;font-weight:600;vertical-align:middle}
.bar{display:flex;justify-content:space-between;align-items:center;gap:8px;flex-wrap:wrap;margin:8px 0 12px}
.balance{font-size:18px;font-weight:600;color:#fde68a}
a{color:#93c5fd}.card{background:#1e293b;border-radius:12px;padding:14px;margin-top:12px}
.reels{display:grid;grid-template-columns:repeat(3,1fr);gap:6px}
.cell{background:#f8fafc;color:#0f172a;border-radius:8px;text-align:center;font-size:34px;line-height:64px;font-weight:700;opacity:.45}
.line .cell{opacity:1;outline:3px solid #f59e0b}
.SEVEN{color:#dc2626}.BAR{color:#1d4ed8}.BELL{color:#ca8a04}.MELON{color:#15803d}.PLUM{color:#7e22ce}.CHERRY{color:#be123c}
.result{font-size:18px;font-weight:600;margin:10px 0 0;text-align:center}.win{color:#4ade80}.lose{color:#cbd5e1}
.stakes{display:grid;grid-template-columns:repeat(2,1fr);gap:8px;margin-top:12px}
button{font-size:16px;padding:12px 8px;border-radius:8px;border:0;background:#f59e0b;color:#111827;font-weight:600;cursor:pointer;width:100%}
button:disabled{background:#475569;color:#94a3b8}
table{width:100%;border-collapse:collapse;font-size:14px}td,th{padding:4px 6px;border-bottom:1px solid #334155;text-align:left}
.note{color:#94a3b8;font-size:13px}.fish{display:grid;grid-template-columns:1fr 1fr;gap:8px}
.fish button{background:#0ea5e9;color:#fff;line-height:1.4}
ul.tables{list-style:none;padding:0;display:grid;grid-template-columns:1fr 1fr;gap:8px}ul.tables li{background:#334155;border-radius:8px;padding:12px;text-align:center}
`;

function page(title: string, content: string, extraHead = ''): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">${extraHead}<title>${escape(title)}（沙箱）</title><style>${STYLE}</style></head>
<body><main>${content}
<p class="note">这是锦鲤的沙箱游戏服务商，用于开发与测试：游戏余额来自平台的转账，输赢只在沙箱钱包中结算，不涉及任何真实的第三方。</p></main></body></html>`;
}

function header(session: GameSession, title: string, balance: Money): string {
  return `<h1>${escape(title)} <span class="badge">沙箱</span></h1>
<div class="bar"><span>${escape(PROVIDER_NAMES[session.provider])} · ${CATALOGUE_NAMES[session.catalogue]}</span>
<span>余额 <span class="balance" data-balance>${escape(formatYuan(balance))}</span> 元</span></div>
<p><a href="${escape(session.returnUrl)}">返回锦鲤</a></p>`;
}

const symbolCell = (symbol: SlotSymbol) => `<div class="cell ${symbol}">${SLOT_SYMBOL_LABELS[symbol]}</div>`;

function outcomeLine(last: RoundResult | undefined): string {
  if (!last) return '<p class="result lose">选择押注金额，开始旋转</p>';
  const net = last.payout - last.stake;
  return last.payout > 0
    ? `<p class="result win" data-last-round="${last.round}">第 ${last.round} 局：赢得 ${escape(yuanText(last.payout))} 元（净 ${net >= 0 ? '+' : ''}${escape(yuanText(net))}）</p>`
    : `<p class="result lose" data-last-round="${last.round}">第 ${last.round} 局：未中奖（-${escape(yuanText(last.stake))} 元）</p>`;
}

function recentTable(session: GameSession): string {
  if (session.recent.length === 0) return '';
  const rows = session.recent
    .map((r) => {
      const what = r.detail.kind === 'SLOT' ? slotWindow(r.detail.stops)[1]!.map((s) => SLOT_SYMBOL_LABELS[s]).join(' ') : `${FISH_KINDS.find((f) => f.id === (r.detail as { fish: string }).fish)?.name ?? ''} ${r.detail.hit ? '命中' : '未中'}`;
      return `<tr><td>${r.round}</td><td>${escape(what)}</td><td>${escape(yuanText(r.stake))}</td><td>${escape(yuanText(r.payout))}</td></tr>`;
    })
    .join('');
  return `<section class="card"><h2>最近的局</h2><table><tr><th>局</th><th>结果</th><th>押注</th><th>派彩</th></tr>${rows}</table></section>`;
}

export function slotPage(session: GameSession, game: SandboxGame, balance: Money, actionPath: string): string {
  const last = session.recent[0];
  const stops = last?.detail.kind === 'SLOT' ? last.detail.stops : [0, 0, 0];
  const window = slotWindow(stops);
  const reels = window.map((row, i) => `<div class="reels${i === 1 ? ' line' : ''}">${row.map(symbolCell).join('')}</div>`).join('<div style="height:6px"></div>');
  const buttons = SLOT_STAKES.map(
    (stake) => `<button type="submit" name="stake" value="${stake}"${stake > balance ? ' disabled' : ''}>押 ${escape(yuanText(stake))} 元 · 旋转</button>`,
  ).join('');
  const pays = SLOT_SYMBOLS.map((s) => `<tr><td>${SLOT_SYMBOL_LABELS[s]} ${SLOT_SYMBOL_LABELS[s]} ${SLOT_SYMBOL_LABELS[s]}</td><td>${SLOT_THREE_OF_A_KIND[s]} 倍</td></tr>`).join('');
  return page(
    game.name,
    `${header(session, game.name, balance)}
<section class="card">${reels}${outcomeLine(last)}
<form method="post" action="${escape(actionPath)}/spin"><input type="hidden" name="round" value="${session.rounds + 1}"><div class="stakes">${buttons}</div></form>
${balance < SLOT_STAKES[0] ? '<p class="note">沙箱钱包余额不足，请回到锦鲤转入。</p>' : ''}</section>
<section class="card"><h2>赔付表（派彩含本金，按押注的倍数）</h2><table>${pays}
<tr><td>任意两个 樱</td><td>${SLOT_TWO_CHERRIES} 倍</td></tr><tr><td>只有第一轴是 樱</td><td>${SLOT_FIRST_CHERRY} 倍</td></tr></table>
<p class="note">三个转轴各 20 格（七 1、条 2、钟 3、瓜 4、李 5、樱 5），每轴停止位置由密码学安全随机数独立均匀抽取，只看中间一条线。
穷举全部 8000 种停止组合算得理论返还率 <strong data-rtp>${SLOT_STATED_RTP.percent}</strong>（${SLOT_STATED_RTP.numerator}/${SLOT_STATED_RTP.denominator}）。</p></section>
${recentTable(session)}`,
  );
}

export function fishingPage(session: GameSession, room: FishingRoom, balance: Money, actionPath: string): string {
  const last = session.recent[0];
  const buttons = FISH_KINDS.map((fish) => {
    const odds = `命中率 ${fish.hitNumerator}/${fish.hitDenominator} · ${fish.multipleTenths / 10} 倍 · 返还率 ${percentText(fishReturnToPlayer(fish))}`;
    return `<button type="submit" name="fish" value="${fish.id}"${room.stake > balance ? ' disabled' : ''}>瞄准${escape(fish.name)}<br><small>${odds}</small></button>`;
  }).join('');
  const lastLine = last && last.detail.kind === 'FISHING'
    ? `<p class="result ${last.detail.hit ? 'win' : 'lose'}" data-last-round="${last.round}">第 ${last.round} 炮：${last.detail.hit ? `命中，赢得 ${escape(yuanText(last.payout))} 元` : '未命中'}</p>`
    : '<p class="result lose">选择一种鱼开炮</p>';
  return page(
    `捕鱼·${room.name}`,
    `${header(session, `捕鱼·${room.name}`, balance)}
<section class="card"><p>每炮 ${escape(yuanText(room.stake))} 元。</p>${lastLine}
<form method="post" action="${escape(actionPath)}/shoot"><input type="hidden" name="round" value="${session.rounds + 1}"><div class="fish">${buttons}</div></form>
${balance < room.stake ? '<p class="note">沙箱钱包余额不足，请回到锦鲤转入。</p>' : ''}
<p class="note">每一炮是否命中由密码学安全随机数按公布的命中率独立抽取；命中派彩 = 每炮金额 × 倍数（含本金）。各房间：${FISHING_ROOMS.map((r) => `${r.name} ${yuanText(r.stake)} 元/炮`).join('，')}。</p></section>
${recentTable(session)}`,
  );
}

export function lobbyPage(session: GameSession, game: SandboxGame, balance: Money, streamPath: string | null): string {
  const tables = gamesOf(session.provider, session.catalogue)
    .filter((g) => !g.gameId.endsWith('-lobby'))
    .map((g) => `<li>${escape(g.name)}<br><span class="note">沙箱演示桌</span></li>`)
    .join('');
  return page(
    game.name,
    `${header(session, game.name, balance)}
<section class="card"><p>沙箱${CATALOGUE_NAMES[session.catalogue]}大厅：这里展示${escape(PROVIDER_NAMES[session.provider])}的桌台列表，沙箱不提供真人或棋牌对局，只用于检验进入游戏、转账和余额。</p>
${tables ? `<ul class="tables">${tables}</ul>` : ''}
${streamPath ? `<p><a href="${escape(streamPath)}">观看沙箱直播</a></p>` : ''}</section>`,
  );
}

export function streamPage(provider: ThirdPartyProvider, now: Date): string {
  // A pretend match that starts every 20 minutes; the score follows from the clock, so every viewer sees the same.
  const minuteOfMatch = Math.floor((now.getTime() / 60_000) % 20) * 4 + Math.floor((now.getSeconds() / 15));
  const seed = Math.floor(now.getTime() / 1_200_000);
  const goals = (team: number) => Math.floor(((seed * (team + 3)) % 7) * minuteOfMatch / 90) % 5;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" width="100%" role="img" aria-label="沙箱直播画面">
<rect width="320" height="200" rx="10" fill="#166534"/><rect x="10" y="10" width="300" height="180" fill="none" stroke="#fff" stroke-width="2"/>
<line x1="160" y1="10" x2="160" y2="190" stroke="#fff" stroke-width="2"/><circle cx="160" cy="100" r="26" fill="none" stroke="#fff" stroke-width="2"/>
<circle r="6" fill="#fff"><animate attributeName="cx" values="60;250;120;200;60" dur="7s" repeatCount="indefinite"/><animate attributeName="cy" values="60;140;100;40;60" dur="7s" repeatCount="indefinite"/></circle>
<text x="160" y="30" fill="#fde68a" font-size="14" text-anchor="middle">沙箱测试直播</text></svg>`;
  return page(
    '体育直播',
    `<h1>体育直播 <span class="badge">沙箱</span></h1>
<p>${escape(PROVIDER_NAMES[provider])} · 沙箱测试信号（非真实赛事）</p>
<section class="card">${svg}
<p class="result" data-score>锦鲤联队 ${goals(0)} : ${goals(1)} 沙箱竞技 · 第 ${minuteOfMatch} 分钟</p></section>`,
    '<meta http-equiv="refresh" content="15">',
  );
}

export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escape(title)} <span class="badge">沙箱</span></h1><section class="card"><p>${escape(message)}</p></section>`);
}
