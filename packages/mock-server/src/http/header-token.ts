/**
 * A secret a request header carries as it is (an API key, the admin token): printable ASCII only,
 * as a header cannot hold a line break or a control character and other characters are not sent
 * alike by every client (curl sends UTF-8, fetch Latin-1); no space at either end, as HTTP trims a
 * header's value, so such a secret could never be presented.
 */
export const HEADER_TOKEN_PATTERN = '^[!-~](?:[ -~]*[!-~])?$';

/**
 * The longest such secret: far beyond any real one, and what every HTTP server takes (Node's
 * request line and headers stop at 16 KiB together, so a far longer one could never be sent).
 */
export const HEADER_TOKEN_MAX_LENGTH = 1024;

/** True for a string a header can carry as it is (`HEADER_TOKEN_PATTERN`, `HEADER_TOKEN_MAX_LENGTH`). */
export function isHeaderToken(value: string): boolean {
  return value.length <= HEADER_TOKEN_MAX_LENGTH && new RegExp(HEADER_TOKEN_PATTERN).test(value);
}

/** Why an admin token is refused that `isHeaderToken` refuses. */
export const ADMIN_TOKEN_RULE = `must be printable ASCII (no accented letter, control character or line break) without a space at either end, at most ${HEADER_TOKEN_MAX_LENGTH} characters, as an x-mock-admin-token header carries it: no request could present it`;
