/**
 * A webhook URL fit to show in an alert e-mail: its password replaced with `***`, or, without a
 * password, its user name, which is then the secret (a token written as `https://<token>@host/`).
 */
export function urlWithoutCredentials(url: string): string {
  if (!url.includes('@')) return url;
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    else if (parsed.username !== '') parsed.username = '***';
    else return url;
    return parsed.href;
  } catch {
    return url;
  }
}
