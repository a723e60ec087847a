// The back office's one permission matrix (decisions §5, §10): which operator role may do what.
// The server checks it for every /ajax/backoffice endpoint; the back-office UI reads the same table
// to hide what a role cannot use. Later issues add their permissions here.

export const OPERATOR_ROLES = ['SUPER_ADMIN', 'FINANCE', 'SUPPORT', 'RISK', 'OPERATIONS', 'DRAW'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const OPERATOR_ROLE_LABELS: Record<OperatorRole, string> = {
  SUPER_ADMIN: '超级管理员',
  FINANCE: '财务',
  SUPPORT: '客服',
  RISK: '风控',
  OPERATIONS: '运营',
  DRAW: '开奖',
};

const ALL: readonly OperatorRole[] = OPERATOR_ROLES;

/** Every permission and the roles that hold it. The super administrator holds all of them. */
export const PERMISSION_MATRIX = {
  /** Create operators, change roles, reset second factors, end operator sessions. */
  'operators.manage': ['SUPER_ADMIN'],
  'audit.read': ['SUPER_ADMIN', 'RISK'],
  /** See the approval queue (each approval kind names who may approve it). */
  'approvals.read': ALL,

  'customers.read': ['SUPER_ADMIN', 'FINANCE', 'SUPPORT', 'RISK'],
  /** Freeze, force a password change, end sessions, VIP level. */
  'customers.manage': ['SUPER_ADMIN', 'SUPPORT', 'RISK'],
  'customers.unfreeze.request': ['SUPER_ADMIN', 'SUPPORT', 'RISK'],
  'customers.unfreeze.approve': ['SUPER_ADMIN', 'RISK'],
  'customers.adjust.request': ['SUPER_ADMIN', 'FINANCE'],
  'customers.adjust.approve': ['SUPER_ADMIN', 'FINANCE'],

  'draws.read': ['SUPER_ADMIN', 'DRAW', 'RISK', 'OPERATIONS'],
  /** Enter a manual result or a correction (it runs only after a second operator approves). */
  'draws.result.request': ['SUPER_ADMIN', 'DRAW'],
  'draws.result.approve': ['SUPER_ADMIN', 'DRAW'],
  'draws.cancel': ['SUPER_ADMIN', 'DRAW'],

  'games.read': ['SUPER_ADMIN', 'OPERATIONS', 'RISK'],
  'games.manage': ['SUPER_ADMIN', 'OPERATIONS'],

  'content.read': ['SUPER_ADMIN', 'OPERATIONS', 'SUPPORT'],
  'content.manage': ['SUPER_ADMIN', 'OPERATIONS'],

  'reports.read': ['SUPER_ADMIN', 'FINANCE', 'RISK', 'OPERATIONS'],
  'reports.reconcile': ['SUPER_ADMIN', 'FINANCE'],

  // 财务 (issue 17): deposits, withdrawals, payment configuration, the sandbox gateway, cash report.
  'finance.deposits.read': ['SUPER_ADMIN', 'FINANCE', 'RISK', 'SUPPORT'],
  /** Confirm or reject an offline deposit. */
  'finance.deposits.confirm': ['SUPER_ADMIN', 'FINANCE'],
  'finance.withdrawals.read': ['SUPER_ADMIN', 'FINANCE', 'RISK', 'SUPPORT'],
  /** Claim, approve or reject a withdrawal under audit. */
  'finance.withdrawals.audit': ['SUPER_ADMIN', 'FINANCE', 'RISK'],
  /** The second approval of a large withdrawal (a different operator from the one who audited it). */
  'finance.withdrawals.approve': ['SUPER_ADMIN', 'FINANCE'],
  /** Deposit methods and channels, withdrawal limits, fees and audit rules. */
  'finance.settings.manage': ['SUPER_ADMIN', 'FINANCE'],
  'finance.settings.read': ['SUPER_ADMIN', 'FINANCE', 'RISK'],
  /** The sandbox gateway's fault controls (sandbox only). */
  'finance.sandbox.manage': ['SUPER_ADMIN', 'FINANCE'],
  'finance.reports.read': ['SUPER_ADMIN', 'FINANCE', 'RISK'],

  // 代理 (issue 19): registration domains, commission and bonus runs.
  'agents.domains.manage': ['SUPER_ADMIN', 'OPERATIONS'],
  'agents.commission.read': ['SUPER_ADMIN', 'FINANCE', 'RISK', 'OPERATIONS'],
  /** Stop a commission or bonus run; approve or reject a bonus for a top-level agent. */
  'agents.commission.manage': ['SUPER_ADMIN', 'FINANCE'],

  // 第三方游戏 (issue 20): providers, catalogues, adapter settings, sandbox faults, transfers.
  'providers.read': ['SUPER_ADMIN', 'OPERATIONS', 'FINANCE', 'RISK'],
  /** Enable or disable a provider or a catalogue; adapter configuration; the sandbox's fault controls. */
  'providers.manage': ['SUPER_ADMIN', 'OPERATIONS'],
  /** Resolve an in-doubt transfer by querying the provider; reconciliation. */
  'providers.transfers.resolve': ['SUPER_ADMIN', 'FINANCE'],

  // 消息 (issue 21): 站内信 from the platform, the customer-service desk, the AI assistant.
  'mail.read': ['SUPER_ADMIN', 'SUPPORT', 'OPERATIONS'],
  /** Send a platform mail to everyone or to a segment. */
  'mail.send': ['SUPER_ADMIN', 'SUPPORT', 'OPERATIONS'],
  /** See the desk's conversations (read-only for risk). */
  'support.read': ['SUPER_ADMIN', 'SUPPORT', 'RISK'],
  /** Claim, answer, transfer and close customer-service conversations. */
  'support.chat': ['SUPER_ADMIN', 'SUPPORT'],
  'assistant.read': ['SUPER_ADMIN', 'OPERATIONS', 'SUPPORT'],
  /** The assistant's adapter (built-in or an OpenAI-compatible endpoint) and its limits. */
  'assistant.manage': ['SUPER_ADMIN', 'OPERATIONS'],

  // 活动 (issue 22): campaigns, red packets, jackpot pool, weekly ranking, VIP programme.
  'campaigns.read': ['SUPER_ADMIN', 'OPERATIONS', 'FINANCE', 'RISK'],
  /** Create, schedule, pause and end campaigns and red packets. */
  'campaigns.manage': ['SUPER_ADMIN', 'OPERATIONS'],
  /** Approve or reject a pending campaign claim (above the four-eyes threshold: a second operator). */
  'campaigns.claims.approve': ['SUPER_ADMIN', 'FINANCE', 'RISK'],
  'jackpot.read': ['SUPER_ADMIN', 'OPERATIONS', 'FINANCE', 'RISK'],
  /** Jackpot settings and weekly-ranking prizes. */
  'jackpot.manage': ['SUPER_ADMIN', 'OPERATIONS'],
  'vip.read': ['SUPER_ADMIN', 'OPERATIONS', 'FINANCE', 'RISK', 'SUPPORT'],
  /** VIP thresholds and benefits. */
  'vip.manage': ['SUPER_ADMIN', 'OPERATIONS'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type Permission = keyof typeof PERMISSION_MATRIX;
export const PERMISSIONS = Object.keys(PERMISSION_MATRIX) as Permission[];

export function roleHas(role: OperatorRole, permission: Permission): boolean {
  return (PERMISSION_MATRIX[permission] as readonly OperatorRole[]).includes(role);
}

export function permissionsOf(role: OperatorRole): Permission[] {
  return PERMISSIONS.filter((permission) => roleHas(role, permission));
}
