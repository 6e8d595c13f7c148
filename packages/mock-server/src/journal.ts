/** One request as the journal keeps it. */
export interface JournalEntry {
  request_id: string;
  at: string;
  method: string;
  path: string;
  query: string;
  status: number;
  key_id: string | null;
  operation_id: string | null;
}

/** The last `capacity` requests, oldest first; older ones fall off. */
export class Journal {
  private readonly entries: JournalEntry[] = [];

  constructor(readonly capacity: number) {}

  /** Adds an entry, dropping the oldest when full. */
  add(entry: JournalEntry): void {
    if (this.capacity <= 0) return;
    this.entries.push(entry);
    if (this.entries.length > this.capacity)
      this.entries.splice(0, this.entries.length - this.capacity);
  }

  /** The entries, oldest first. */
  list(): JournalEntry[] {
    return this.entries.slice();
  }

  /** Forgets every entry. */
  clear(): void {
    this.entries.length = 0;
  }
}
