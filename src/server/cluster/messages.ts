// What a cluster worker tells its primary (over the IPC channel Node cluster opens).
export type WorkerMessage = { type: 'jinli:listening'; url: string } | { type: 'jinli:failed'; line: string };

export function isWorkerMessage(message: unknown): message is WorkerMessage {
  return typeof message === 'object' && message !== null && typeof (message as { type?: unknown }).type === 'string' && (message as { type: string }).type.startsWith('jinli:');
}
