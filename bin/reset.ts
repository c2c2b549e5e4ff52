import { rmSync } from 'node:fs';
import { DEFAULT_DATA_DIR } from '../local/stack';

/** `npm run reset`: wipes every local emulator's data; the next `npm start` seeds the demo again. */
rmSync(process.env['LOCAL_DATA_DIR'] ?? DEFAULT_DATA_DIR, { recursive: true, force: true });
console.log('Local data wiped (.local/). The next `npm start` seeds the demo organisation again.');
