import { inject } from 'vitest';

/**
 * Resolves once the stack has handled everything sent to it so far: every device message
 * published before the call, and every table change and notification they led to (or, with
 * `devicesOnly`, the device messages alone). A test that checks that nothing happened waits on
 * this, so it holds however slow the machine is.
 */
export async function untilStackIdle({ devicesOnly = false }: { devicesOnly?: boolean } = {}): Promise<void> {
  const response = await fetch(devicesOnly ? `${inject('stackIdleUrl')}/devices` : inject('stackIdleUrl'));
  if (!response.ok) throw new Error(`the stack's idle signal failed: ${response.status} ${await response.text()}`);
}
