// A Map, not an object: a URL ending in `.constructor` must not find Object's constructor.
const MEDIA_TYPES = new Map<string, string>([
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['png', 'image/png'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['mp3', 'audio/mpeg'],
  ['ogg', 'audio/ogg'],
  ['wav', 'audio/wav'],
  ['mp4', 'video/mp4'],
  ['webm', 'video/webm'],
  ['pdf', 'application/pdf'],
]);

/** A message's `media_type`: the MIME type its media URL's extension names, or null (no URL, or one not known). */
export function mediaTypeOf(mediaUrl: string | null): string | null {
  if (mediaUrl === null) return null;
  const extension = new URL(mediaUrl).pathname.split('.').pop()?.toLowerCase();
  return extension ? (MEDIA_TYPES.get(extension) ?? null) : null;
}
