import sanitizeHtml from 'sanitize-html';

/**
 * Rich text (section comments, question texts, FAQ html) is sanitised when stored: a fixed set of tags,
 * no scripts, no event handlers, no style, only http(s), mailto, tel and relative URLs.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'span',
    'small',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], th: ['scope'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    // target is either _blank (any case: browsers read it case-insensitively) or dropped; a link with a target
    // always gets rel="noopener noreferrer", whatever rel it came with (issue 12, finding 18).
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...rest } = attribs;
      const blank = typeof target === 'string' && target.trim().toLowerCase() === '_blank';
      return { tagName, attribs: blank ? { ...rest, target: '_blank', rel: 'noopener noreferrer' } : rest };
    },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Plain text with line breaks turned into <br>, then sanitised (question texts keep their line breaks). */
export function richTextWithLineBreaks(text: string): string {
  return sanitizeRichText(text.replace(/\r?\n/g, '<br>'));
}

/**
 * The mail magazine's body (docs/requirements/magazine.md#magazine-console): the rich text above plus images of the
 * media library, `<img src="/media/…" alt width height>` only (no outside image: a mail must not carry a tracking
 * pixel of someone else). The mail makes the path absolute to APP_BASE_URL.
 */
const MAGAZINE_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: [...(OPTIONS.allowedTags as string[]), 'img'],
  allowedAttributes: { ...OPTIONS.allowedAttributes, img: ['src', 'alt', 'width', 'height'] },
  allowedSchemesByTag: { img: [] },
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^\/media\/(?!.*\.\.)[A-Za-z0-9._/-]+$/.test(frame.attribs.src ?? ''),
};

export function sanitizeMagazineHtml(html: string): string {
  return sanitizeHtml(html, MAGAZINE_OPTIONS);
}
