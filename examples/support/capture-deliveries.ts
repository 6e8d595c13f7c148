/** A webhook delivery as the mock sent it: where, the exact body and the headers. */
export interface CapturedDelivery {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/**
 * A `deliveryFetch` for the mock that records each delivery in `captured`, then sends it on: a test
 * replays or tampers with what the mock really signed.
 */
export function captureDeliveries(): {
  captured: CapturedDelivery[];
  deliveryFetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
} {
  const captured: CapturedDelivery[] = [];
  return {
    captured,
    deliveryFetch: async (input, init) => {
      const request = new Request(input, init);
      captured.push({
        url: request.url,
        body: await request.clone().text(),
        headers: Object.fromEntries(request.headers),
      });
      return fetch(request);
    },
  };
}
