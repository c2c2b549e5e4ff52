import sanitizeHtml from 'sanitize-html';

/**
 * The HTML an administrator may put in an email template (issue 32; docs/decisions/0078-template-html-sanitiser.md):
 * what an email needs to be read (text formatting, lists, tables, links, images), nothing that
 * runs or restyles a reader's mail client. No script, style, iframe, form or object; no event
 * handler or style attribute; links http, https or mailto only, images https only, no
 * protocol-relative address. Everything else is dropped, its text kept (the content of a
 * script or style goes with it). Not imported by the web app: sanitize-html is a server library.
 */
const TEMPLATE_HTML_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'blockquote', 'pre', 'code',
    'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'img',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    table: ['width', 'border', 'cellpadding', 'cellspacing'],
    th: ['colspan', 'rowspan', 'align'],
    td: ['colspan', 'rowspan', 'align'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A relative address passes the schemes (a link's `{link}` is one until rendered); an image's must be absolute https.
  transformTags: {
    img: (tagName, attribs) => {
      const { src, ...others } = attribs;
      return { tagName, attribs: src !== undefined && /^https:\/\//i.test(src) ? { src, ...others } : others };
    },
  },
  // Comments (conditional comments run in some mail clients) are dropped: sanitize-html keeps none.
};

/** An email template's HTML, or a message rendered from one, with only what TEMPLATE_HTML_POLICY allows. */
export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, TEMPLATE_HTML_POLICY);
}
