/** A body read whole (`bytes`), or, past the cap, a stream of all of it (`stream`), unread. */
export type CappedBody =
  | { bytes: Uint8Array; stream?: never }
  | { stream: ReadableStream<Uint8Array>; bytes?: never };

/**
 * Reads a body up to `cap` bytes. Past it, stops reading and gives back a stream of the whole
 * body (what was read, then the rest), so that it passes through without being held in memory;
 * `onSettled` hears when that stream is done: read to its end, failed or cancelled.
 */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  cap: number,
  onSettled: () => void = () => undefined,
): Promise<CappedBody> {
  if (body === null) return { bytes: new Uint8Array(0) };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > cap) return { stream: resumed(chunks, reader, onSettled) };
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes };
}

/** The chunks read, then the rest of `reader`; `onSettled` once it ends, fails or is cancelled. */
function resumed(
  chunks: Uint8Array[],
  reader: ReadableStreamDefaultReader<Uint8Array>,
  onSettled: () => void,
): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const first = chunks.shift();
      if (first !== undefined) return controller.enqueue(first);
      try {
        const { done, value } = await reader.read();
        if (!done) return controller.enqueue(value);
        onSettled();
        controller.close();
      } catch (error) {
        onSettled();
        throw error;
      }
    },
    cancel: (reason) => {
      onSettled();
      return reader.cancel(reason);
    },
  });
}
