/** What a webhook URL's credentials are shown as. */
const MASK = '***';

/**
 * A webhook URL fit to show (an alert e-mail, a read): its password replaced with `***`, or, without
 * a password, its user name, which is then the secret (a token written as `https://<token>@host/`).
 */
export function urlWithoutCredentials(url: string): string {
  if (!url.includes('@')) return url;
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = MASK;
    else if (parsed.username !== '') parsed.username = MASK;
    else return url;
    return parsed.href;
  } catch {
    return url;
  }
}

/**
 * Whether a URL's credentials are the `***` shown for them (`user:***@`, `***@`), written as such or
 * percent-encoded (`%2A%2A%2A`, sent as `***` all the same): a URL copied from a read.
 */
export function showsMaskedCredentials(url: string): boolean {
  try {
    const { username, password } = new URL(url);
    const masked = (part: string) => part.replace(/%2a/gi, '*') === MASK;
    return masked(password) || (password === '' && masked(username));
  } catch {
    return false;
  }
}
