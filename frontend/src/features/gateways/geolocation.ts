/** SPEC section 8: why the browser could not give its position. */
export type GeolocationProblem = 'unsupported' | 'denied' | 'unavailable' | 'timeout';

/** How long to wait for a fix before saying it timed out. */
const GEOLOCATION_TIMEOUT_MS = 15_000;
/** Six decimals is about 10 cm: more is noise from a browser's fix. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** The browser's position (the Geolocation API), or the reason it has none. */
export function locateMe(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<{ latitude: number; longitude: number }> {
  return new Promise((resolve, reject: (problem: GeolocationProblem) => void) => {
    if (geolocation === undefined) {
      reject('unsupported');
      return;
    }
    geolocation.getCurrentPosition(
      (position) => resolve({ latitude: round(position.coords.latitude), longitude: round(position.coords.longitude) }),
      (error) => {
        if (error.code === error.PERMISSION_DENIED) reject('denied');
        else if (error.code === error.TIMEOUT) reject('timeout');
        else reject('unavailable');
      },
      { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}
