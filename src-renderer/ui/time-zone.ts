// Where a time typed without an offset is read, and how times are shown: the one preference
// (Settings → Times shown in), the same on every screen (docs/times.md).
import type { TimeZoneChoice } from '../../src-shared/time/time-text.ts';
import { useSettings } from '../data/settings.ts';

/** The preferred zone; local until the settings have loaded (the app's default). */
export function useTimeZone(): TimeZoneChoice {
  return useSettings().data?.settings.preferences.timeZone ?? 'local';
}
