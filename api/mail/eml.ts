/**
 * Just enough of RFC 5322 / MIME to read what our mailer writes: unfolded headers, encoded words in
 * headers, multipart bodies, quoted-printable and base64 parts. Used by the /dev/outbox page and by tests.
 */
export interface ParsedPart {
  headers: Map<string, string>;
  contentType: string;
  body: string;
}

export interface ParsedMail {
  headers: Map<string, string>;
  /** Leaf parts in order (text/plain, text/html, ...); a single-part message has one. */
  parts: ParsedPart[];
}

function splitHeadersAndBody(raw: string): { head: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { head: raw, body: '' };
  const gap = /\r?\n\r?\n/.exec(raw.slice(at))![0].length;
  return { head: raw.slice(0, at), body: raw.slice(at + gap) };
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

/** =?UTF-8?Q?...?= and =?UTF-8?B?...?= (RFC 2047); adjacent encoded words join without the space between. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : qpBytes(text.replace(/_/g, ' '));
      return bytes.toString('utf8');
    });
}

function qpBytes(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeQuotedPrintable(text: string): string {
  return qpBytes(text.replace(/=\r?\n/g, '')).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

function parseEntity(raw: string): ParsedPart[] {
  const { head, body } = splitHeadersAndBody(raw);
  const headers = parseHeaders(head);
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const pieces = body.split(`--${boundary}`);
    // pieces[0] is the preamble; the piece after the closing boundary starts with '--'.
    return pieces
      .slice(1)
      .filter((piece) => !piece.startsWith('--'))
      .flatMap((piece) => parseEntity(piece.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
  }
  return [
    {
      headers,
      contentType: contentType.split(';')[0]!.trim().toLowerCase(),
      body: decodeBody(body, headers.get('content-transfer-encoding')),
    },
  ];
}

export function parseEml(raw: string): ParsedMail {
  const { head } = splitHeadersAndBody(raw);
  return { headers: parseHeaders(head), parts: parseEntity(raw) };
}
