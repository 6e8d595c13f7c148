/** A webhook URL fit to show in an alert e-mail: its password, if any, replaced with `***`. */
export function urlWithoutPassword(url: string): string {
  if (!url.includes('@')) return url;
  try {
    const parsed = new URL(url);
    if (parsed.password === '') return url;
    parsed.password = '***';
    return parsed.href;
  } catch {
    return url;
  }
}
