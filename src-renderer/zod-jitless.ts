// Imported first by every renderer entry. zod 4 probes `new Function` the first time it builds an
// object schema, to decide whether it may compile fast parsers. The app's Content-Security-Policy
// forbids eval, so the probe fails (harmlessly) but Chromium still reports a CSP violation on every
// load. Jitless mode skips the probe and uses zod's interpreted parsers; the renderer parses little.
import { z } from 'zod';

z.config({ jitless: true });
