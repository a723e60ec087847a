// One chat window's conversation: the questions asked, each answer as it streams in, its sources.
// Kept in memory only (nothing about questions is stored anywhere, decisions in docs/messages/assistant.md).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnswerKind, Source } from '../../../shared/api/assistant.ts';
import { errorMessage } from '../../lib/api/errors.ts';
import { askAssistant } from './ask-stream.ts';

export interface ChatTurn {
  id: number;
  question: string;
  answer: string;
  sources: Source[];
  kind: AnswerKind | null;
  error: string | null;
  streaming: boolean;
}

/** Only the app's own pages are linked: a path, never another site. */
export function isAppPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\');
}

export function useAssistantChat() {
  const [turns, setTurns] = useState<ChatTurn[]>([]);
  const [pending, setPending] = useState(false);
  const conversationId = useRef(crypto.randomUUID());
  const nextId = useRef(1);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const ask = useCallback(async (question: string) => {
    const id = nextId.current++;
    const update = (change: (turn: ChatTurn) => Partial<ChatTurn>) => setTurns((all) => all.map((turn) => (turn.id === id ? { ...turn, ...change(turn) } : turn)));
    setTurns((all) => [...all, { id, question, answer: '', sources: [], kind: null, error: null, streaming: true }]);
    setPending(true);
    const controller = new AbortController();
    abort.current = controller;
    try {
      await askAssistant({ question, conversationId: conversationId.current }, (event) => {
        if (event.type === 'delta') update((turn) => ({ answer: turn.answer + event.text }));
        else if (event.type === 'sources') update(() => ({ sources: event.sources.filter((s) => isAppPath(s.href)) }));
        else if (event.type === 'done') update(() => ({ kind: event.kind }));
        else update(() => ({ error: event.message }));
      }, controller.signal);
    } catch (error) {
      if (!controller.signal.aborted) update(() => ({ error: errorMessage(error) }));
    } finally {
      update(() => ({ streaming: false }));
      setPending(false);
    }
  }, []);

  return { turns, pending, ask };
}
