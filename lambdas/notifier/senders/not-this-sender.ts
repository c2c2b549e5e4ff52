/**
 * What a sender is given for a provider it does not carry: each queue holds one provider's
 * deliveries (lib/notifications.ts), so reaching this is a delivery on the wrong queue. It throws,
 * and the queue delivers the message again, then parks it in the dead-letter queue.
 */
export function notThisSender(sender: string, needed: string): never {
  throw new Error(`The ${sender} sender has no ${needed}: a delivery for another provider reached its queue`);
}
