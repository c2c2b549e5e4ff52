/** Leaves the app for another address (the identity provider): a full page load, not a route. */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
