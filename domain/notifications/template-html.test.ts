import { describe, expect, it } from 'vitest';
import { sanitizeTemplateHtml } from './template-html';

describe('email template HTML (issue 32)', () => {
  it('keeps what an email is read with: formatting, lists, tables, http(s) and mailto links, https images, placeholders', () => {
    const html = [
      '<p><strong>Alarm</strong> on <em>{device}</em> at {site}<br />since {time}.</p>',
      '<ul><li>Value: {value}</li></ul>',
      '<table border="1"><tr><th>Limit</th><td colspan="2">{limit}</td></tr></table>',
      '<p><a href="{link}">Open the alarm</a> · <a href="https://portal.example.com/help">help</a> · <a href="mailto:ops@example.com">ops</a></p>',
      '<img src="https://cdn.example.com/logo.png" alt="Logo" width="120" />',
    ].join('\n');
    expect(sanitizeTemplateHtml(html)).toBe(html);
  });

  it.each([
    ['a script', '<script>alert(1)</script>', ''],
    ['an uppercase script with a source', '<SCRIPT SRC=https://xss.example/x.js></SCRIPT>', ''],
    ['an event handler', '<img src="https://cdn.example.com/a.png" onerror="alert(1)">', '<img src="https://cdn.example.com/a.png" />'],
    ['an unquoted handler', '<p onmouseover=alert(1)>x</p>', '<p>x</p>'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['a javascript: link in mixed case', '<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['a javascript: link in decimal entities', '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>', '<a>x</a>'],
    ['a javascript: link with a tab entity', '<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['a javascript: link after spaces', '<a href="  javascript:alert(1)">x</a>', '<a>x</a>'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['a data: image', '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="d">', '<img alt="d" />'],
    ['an http image', '<img src="http://cdn.example.com/a.png">', '<img />'],
    ['a relative image', '<img src=x>', '<img />'],
    ['a protocol-relative link', '<a href="//xss.example/x">x</a>', '<a>x</a>'],
    ['svg', '<svg onload=alert(1)><circle r="1"/></svg>', ''],
    ['math', '<math><mtext><a xlink:href="javascript:alert(1)">m</a></mtext></math>', '<a>m</a>'],
    ['a style expression', '<div style="width: expression(alert(1))">s</div>', '<div>s</div>'],
    ['a style sheet', '<style>body { background: url(javascript:alert(1)) }</style><p>x</p>', '<p>x</p>'],
    ['an iframe', '<iframe src="https://xss.example"></iframe>', ''],
    ['a form', '<form action="https://xss.example"><input type="submit" /></form>', ''],
    ['an object and embed', '<object data="x.swf"></object><embed src="x.swf">', ''],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://xss.example">', ''],
    ['a conditional comment', '<!--[if gte mso 9]><script>alert(1)</script><![endif]--><p>x</p>', '<p>x</p>'],
    ['a body handler', '<body onload=alert(1)><p>x</p></body>', '<p>x</p>'],
    ['a broken tag', '<<script>alert(1)//<</script>', '&lt;'],
  ])('drops %s', (_what, html, kept) => {
    expect(sanitizeTemplateHtml(html)).toBe(kept);
  });
});
