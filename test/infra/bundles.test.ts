import { beforeAll, describe, expect, it } from 'vitest';
import { buildFunctionBundles, ownRoutesModuleOf, routeModulesOf, stackFunctionEntries, type FunctionBundle } from '../bench/function-bundles';

/**
 * Issue 33 §5: each function bundles its own resource's routes and what they import, nothing of
 * the other resources, and no bundle outgrows 500 kB. Every function of the stack is bundled as
 * the CDK bundles it (test/bench/function-bundles.ts), in memory: one esbuild run, a few seconds.
 * `npm run bench` (test/bench/bundles.mts) prints the sizes and the cold import times.
 */

const BUNDLE_CEILING_BYTES = 500_000;

/**
 * The bundles that may be larger, each with its own ceiling (its size when it was set, plus a
 * margin) and why: the ceiling stops them growing while they wait to be cut.
 * docs/decisions/0082-one-bundle-per-resource.md says what would cut each.
 */
const LARGER_BUNDLES: Readonly<Record<string, { ceilingBytes: number; why: string }>> = {
  'lambdas/notifier/senders/email.ts': { ceilingBytes: 780_000, why: "sanitize-html (~270 kB) for administrators' email templates" },
  'lambdas/notifier/senders/push.ts': { ceilingBytes: 610_000, why: 'web-push with its ASN.1 and big-number code (~130 kB)' },
  'lambdas/notification-templates/handler.ts': { ceilingBytes: 800_000, why: 'sanitize-html with its HTML parser, entity tables and postcss (~270 kB)' },
  'lambdas/users/handler.ts': { ceilingBytes: 670_000, why: "web-push and every channel's provider for a user's own test message" },
  'lambdas/openapi/handler.ts': { ceilingBytes: 600_000, why: "the document is built from every route's contract and schema" },
  'lambdas/sensors/handler.ts': { ceilingBytes: 570_000, why: 'its own routes and data, on the ~450 kB every function carries' },
  'lambdas/checklists/handler.ts': { ceilingBytes: 565_000, why: 'rrule (~45 kB) for the checklists\' recurrences' },
  'lambdas/gateways/handler.ts': { ceilingBytes: 545_000, why: 'its own routes and data, on the ~450 kB every function carries' },
  'lambdas/helpdesk/handler.ts': { ceilingBytes: 530_000, why: 'its own routes and data, on the ~450 kB every function carries' },
  'lambdas/superadmin/handler.ts': { ceilingBytes: 520_000, why: 'its own routes and data, on the ~450 kB every function carries (503 kB once the key helpers moved into the entities)' },
  'lambdas/dashboard/handler.ts': { ceilingBytes: 525_000, why: 'its own routes and data, on the ~450 kB every function carries' },
  'lambdas/alarm-engine/clock-handler.ts': { ceilingBytes: 525_000, why: 'the alarm engine and the notification plan' },
  'lambdas/ingest/handler.ts': { ceilingBytes: 525_000, why: 'the ingest and the alarm engine' },
  'lambdas/alarms/handler.ts': { ceilingBytes: 510_000, why: "its own routes and data, on the ~450 kB every function carries (502 kB once the reports' messages joined the catalogue)" },
  'lambdas/checklist-instances/handler.ts': { ceilingBytes: 510_000, why: "its own routes and data, on the ~450 kB every function carries (501 kB once the reports' messages joined the catalogue)" },
  // docs/decisions/0085-pdf-library.md: pdfkit with Roboto embedded (~1.8 MB); the API builds small reports at once.
  'lambdas/reports/handler.ts': { ceilingBytes: 2_600_000, why: 'pdfkit and the Roboto fonts it embeds (~1.8 MB), csv-stringify, every report source' },
  'lambdas/reports/runner-handler.ts': { ceilingBytes: 2_550_000, why: 'pdfkit and the Roboto fonts it embeds (~1.8 MB), csv-stringify, every report source' },
};

describe("the functions' bundles", () => {
  let bundles: FunctionBundle[];

  beforeAll(async () => {
    const { entries, externals } = stackFunctionEntries();
    bundles = await buildFunctionBundles(entries, externals);
  });

  it('holds no routes module but its own resource’s, and never the route table', () => {
    expect(bundles.length).toBeGreaterThan(40);
    const foreign = bundles.flatMap((bundle) =>
      routeModulesOf(bundle).filter((module) => module !== ownRoutesModuleOf(bundle.entry)).map((module) => `${bundle.entry} bundles ${module}`),
    );
    expect(foreign).toEqual([]);
    // An API handler does hold its own (the check above would pass on a bundle that lost every route).
    const sites = bundles.find((bundle) => bundle.entry === 'lambdas/sites/handler.ts');
    expect(sites === undefined ? [] : routeModulesOf(sites)).toEqual(['lambdas/sites/routes.ts']);
  });

  it(`is at most ${BUNDLE_CEILING_BYTES / 1000} kB, or the ceiling recorded for it`, () => {
    const over = bundles
      .filter((bundle) => bundle.bytes > (LARGER_BUNDLES[bundle.entry]?.ceilingBytes ?? BUNDLE_CEILING_BYTES))
      .map((bundle) => `${bundle.entry}: ${(bundle.bytes / 1000).toFixed(1)} kB`);
    expect(over).toEqual([]);
    // A recorded exception that is no longer larger goes from the list.
    const stale = Object.keys(LARGER_BUNDLES).filter((entry) => (bundles.find((bundle) => bundle.entry === entry)?.bytes ?? 0) <= BUNDLE_CEILING_BYTES);
    expect(stale).toEqual([]);
  });
});
