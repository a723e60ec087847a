// Where the draws pages live in the back office's router (pages.ts).
export const drawTypePath = (drawType: string) => `/draws/${encodeURIComponent(drawType)}`;
export const issuePath = (drawType: string, issueNumber: string) => `${drawTypePath(drawType)}/issues/${encodeURIComponent(issueNumber)}`;
