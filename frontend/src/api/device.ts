/** What the session list shows about this browser (SPEC section 3 "Login session"). */
export interface BrowserDescription {
  deviceModel: string;
  deviceName: string;
  osVersion: string;
}

// User-Agent Client Hints (Chromium); not in TypeScript's DOM library yet.
interface UserAgentBrand {
  brand: string;
  version: string;
}
interface UserAgentData {
  brands: UserAgentBrand[];
  mobile: boolean;
  platform: string;
  getHighEntropyValues?(hints: string[]): Promise<{ platformVersion?: string; model?: string }>;
}

const KNOWN_BROWSERS: readonly [name: string, pattern: RegExp][] = [
  ['Edge', /Edg\/(\d+)/],
  ['Firefox', /Firefox\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+).*Safari/],
];

const KNOWN_SYSTEMS: readonly [name: string, pattern: RegExp][] = [
  ['Windows', /Windows NT ([\d.]+)/],
  ['Android', /Android ([\d.]+)/],
  ['iOS', /OS (\d+[_\d]*) like Mac OS X/],
  ['macOS', /Mac OS X ([\d_.]+)/],
  ['Linux', /Linux()/],
];

function fromUserAgent(userAgent: string, patterns: readonly [string, RegExp][]): string {
  for (const [name, pattern] of patterns) {
    const match = pattern.exec(userAgent);
    if (match) return match[1] ? `${name} ${match[1].replaceAll('_', '.')}` : name;
  }
  return '';
}

/**
 * The browser's name and version, its system and its kind, from the client hints where the
 * browser gives them, else from the user-agent string; empty when neither says.
 */
export async function describeBrowser(): Promise<BrowserDescription> {
  const userAgent = navigator.userAgent;
  const hints = (navigator as Navigator & { userAgentData?: UserAgentData }).userAgentData;
  if (hints === undefined || hints.brands.length === 0) {
    return {
      deviceModel: /Mobi/.test(userAgent) ? 'Mobile' : 'Desktop',
      deviceName: fromUserAgent(userAgent, KNOWN_BROWSERS),
      osVersion: fromUserAgent(userAgent, KNOWN_SYSTEMS),
    };
  }
  const brand = hints.brands.find(({ brand: name }) => !/not.?a.?brand/i.test(name)) ?? hints.brands[0];
  let details: { platformVersion?: string; model?: string } = {};
  try {
    details = (await hints.getHighEntropyValues?.(['platformVersion', 'model'])) ?? {};
  } catch {
    // The browser may refuse high-entropy hints; the low-entropy ones are enough.
  }
  return {
    deviceModel: details.model || (hints.mobile ? 'Mobile' : 'Desktop'),
    deviceName: brand ? `${brand.brand} ${brand.version}` : fromUserAgent(userAgent, KNOWN_BROWSERS),
    osVersion: [hints.platform, details.platformVersion].filter(Boolean).join(' '),
  };
}
