import type { UserEvent } from '@testing-library/user-event';

/**
 * Puts a whole value in a field at once, as a paste after a click: one input event and one
 * render instead of one a character, which in a dialog with the data grid behind it costs
 * a render of the whole form each. For tests about what the form does with the value; a
 * test about what each keystroke does types it (`user.type`).
 */
export async function enter(user: Pick<UserEvent, 'click' | 'paste'>, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
