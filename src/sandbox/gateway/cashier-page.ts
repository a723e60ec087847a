// The cashier page the payer opens: server-rendered HTML with plain forms (no script, so a strict CSP
// holds), labelled 沙箱支付 everywhere so nobody mistakes it for a real payment.
import { formatMoney } from '../../shared/money.ts';
import type { SandboxPayment } from './store.ts';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f4f5f7;color:#1f2328}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.badge{display:inline-block;background:#fff3bf;color:#8a5a00;border:1px solid #f0c36d;border-radius:4px;padding:2px 8px;font-size:13px}
.card{background:#fff;border-radius:12px;padding:20px;margin-top:16px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0}dt{color:#656d76}dd{margin:0;word-break:break-all}
.amount{font-size:28px;font-weight:600}
form{margin-top:12px}button{width:100%;font-size:17px;padding:12px;border-radius:8px;border:0;cursor:pointer}
.pay{background:#1a7f37;color:#fff}.decline{background:#eaeef2;color:#1f2328}
.notice{color:#656d76;font-size:13px;margin-top:16px}.state{font-size:20px;font-weight:600}
a{color:#0969da}`;

function page(title: string, content: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style>${STYLE}</style></head>
<body><main><h1>沙箱支付 <span class="badge">沙箱环境 · 不产生真实扣款</span></h1>${content}
<p class="notice">这是锦鲤的沙箱支付网关，用于开发与测试：不会从任何账户扣款，也不会产生真实资金往来。</p></main></body></html>`;
}

const STATUS_TEXT: Record<SandboxPayment['status'], string> = {
  PENDING: '待支付',
  PAID: '已支付',
  DECLINED: '已拒绝支付',
  EXPIRED: '订单已过期',
};

export function cashierPage(payment: SandboxPayment, merchantName: string, actionBase: string): string {
  const details = `<dl>
<dt>商户</dt><dd>${escape(merchantName)}</dd>
<dt>金额</dt><dd class="amount">${escape(formatMoney(payment.amount))}</dd>
<dt>订单号</dt><dd>${escape(payment.merchantOrderId)}</dd>
<dt>状态</dt><dd>${STATUS_TEXT[payment.status]}</dd>
</dl>`;
  const back = `<p><a href="${escape(payment.returnUrl)}">返回商户</a></p>`;
  if (payment.status !== 'PENDING') {
    return page(`沙箱支付 - ${STATUS_TEXT[payment.status]}`, `<section class="card"><p class="state">${STATUS_TEXT[payment.status]}</p>${details}${back}</section>`);
  }
  return page(
    '沙箱支付',
    `<section class="card">${details}
<form method="post" action="${escape(actionBase)}/pay"><button class="pay" type="submit">确认支付</button></form>
<form method="post" action="${escape(actionBase)}/decline"><button class="decline" type="submit">拒绝支付</button></form>
</section>`,
  );
}

export function notFoundPage(): string {
  return page('沙箱支付 - 订单不存在', '<section class="card"><p class="state">订单不存在</p><p>沙箱网关重启后会忘记之前的订单。</p></section>');
}
