// POST /sse/chatgpt read as it arrives (fetch + ReadableStream: EventSource cannot POST). A refusal
// before the stream (bad input, the rate limit, no session) is the usual ApiError; a stream cut off
// before `done` ends as an `error` event.
import { ASSISTANT_STREAM_PATH, parseAnswerFrame, splitFrames, type AnswerEvent, type AskBody } from '../../../shared/api/assistant.ts';
import { errorFromResponse, requestHeaders } from '../../lib/api/client.ts';
import { NetworkError } from '../../lib/api/errors.ts';

export const STREAM_CUT_MESSAGE = '连接中断，回答不完整，请稍后重试';

export async function askAssistant(body: AskBody, onEvent: (event: AnswerEvent) => void, signal: AbortSignal): Promise<void> {
  let response: Response;
  try {
    response = await fetch(ASSISTANT_STREAM_PATH, {
      method: 'POST',
      headers: { ...requestHeaders('POST', true), accept: 'text/event-stream' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new NetworkError({ cause: error });
  }
  if (!response.ok || !response.body) throw errorFromResponse(response.status, await response.text());

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const { frames, rest } = splitFrames(buffer + value);
      buffer = rest;
      for (const frame of frames) {
        const event = parseAnswerFrame(frame);
        if (!event) continue;
        if (event.type === 'done' || event.type === 'error') finished = true;
        onEvent(event);
      }
    }
  } catch (error) {
    if (signal.aborted) throw error;
  }
  if (!finished) onEvent({ type: 'error', message: STREAM_CUT_MESSAGE });
}
