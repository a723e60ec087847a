// Texts of the floating button, kept apart from the chat so the button's chunk stays small.
export const ASSISTANT_TITLE = '智能助手';
export const ASSISTANT_OFFLINE = '智能助手需要联网才能使用';
