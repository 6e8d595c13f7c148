/** A handler's result already serialised: sent as these UTF-8 JSON bytes, never re-encoded. */
export class JsonBytes {
  constructor(readonly bytes: Uint8Array<ArrayBuffer>) {}
}
