/**
 * Seeded randomness for the simulator: the same seed gives the same fleet, the same
 * readings and the same faults, so tests and the benchmark are stable. Each device draws
 * from its own stream (seed + device id), so adding a device does not change the others.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  /** Normal with this mean and standard deviation. */
  normal(mean: number, deviation: number): number;
  /** Exponential with this mean (the gap between events of a Poisson process). */
  exponential(mean: number): number;
}

/** FNV-1a: a stable 32-bit hash of a text, to seed a device's stream from its id. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: small, fast and good enough for simulated weather in a fridge. */
export function seededRandom(seed: number | string): Random {
  let state = typeof seed === 'string' ? hashText(seed) : seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min, max) => min + (max - min) * next(),
    normal: (mean, deviation) => {
      // Box-Muller; 1 - next() keeps the logarithm's argument above zero.
      const radius = Math.sqrt(-2 * Math.log(1 - next()));
      return mean + deviation * radius * Math.cos(2 * Math.PI * next());
    },
    exponential: (mean) => -mean * Math.log(1 - next()),
  };
}

/** The stream of one device (or one part of the environment) within a seeded simulation. */
export function streamFor(seed: number | string, name: string): Random {
  return seededRandom(`${String(seed)}/${name}`);
}
