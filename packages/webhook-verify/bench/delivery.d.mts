/** The benches' webhook secret. */
export declare const secret: string;

/** A Variant B delivery of `size` bytes: an envelope whose data holds filler text, signed by `sign`. */
export declare function delivery(
  size: number,
  sign: (options: { variant: 'B'; secret: string; rawBody: Buffer }) => Record<string, string>,
): { rawBody: Buffer; headers: { 'x-service-signature': string } };
