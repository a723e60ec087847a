/** The longest HTML body stored (mail's column holds no more): checked as typed and again once sanitised. */
export const HTML_CONTENT_MAX_LENGTH = 50_000;
