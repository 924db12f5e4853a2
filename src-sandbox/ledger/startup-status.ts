// The 503 "still starting" body (spec 2.6) for the sandbox's --startup-seconds mode: phases
// advance with elapsed time so a client can show real progress.
import { VALIDATOR_NODES } from './validator-nodes.ts';

const PHASES = ['bootstrap', 'schema-migration', 'data-migration', 'replay', 'lifecycle-indexes'] as const;
const REPLAY_TARGET = 1_250_000;
const LIFECYCLE_ROWS = 480_000;

export function startupStatusBody(startedAtMs: number, nowMs: number, totalSeconds: number) {
  const elapsed = Math.max(0, (nowMs - startedAtMs) / 1000);
  const progress = Math.min(0.999, elapsed / totalSeconds);
  const phaseIndex = Math.min(PHASES.length - 1, Math.floor(progress * PHASES.length));
  const phaseProgress = progress * PHASES.length - phaseIndex;
  const migrationsTotal = 6;
  const migrationsDone =
    phaseIndex > 1 ? migrationsTotal : phaseIndex === 1 ? Math.floor(phaseProgress * migrationsTotal) : 0;
  const replayShare = phaseIndex > 3 ? 1 : phaseIndex === 3 ? phaseProgress : 0;
  const indexShare = phaseIndex === 4 ? phaseProgress : 0;
  const healthy = VALIDATOR_NODES.filter((n) => n.state === 'healthy');
  return {
    status: 'starting',
    phase: PHASES[phaseIndex],
    phaseNumber: phaseIndex + 1,
    totalPhases: PHASES.length,
    startedAt: new Date(startedAtMs).toISOString(),
    elapsedSeconds: Math.floor(elapsed),
    error: null,
    schemaVersion: migrationsDone === migrationsTotal ? '2.6.0' : `2.5.${migrationsDone}`,
    targetSchemaVersion: '2.6.0',
    bootstrapSource: 'snapshot',
    bootstrapVersion: '2026.10.30-1',
    pendingMigrations: migrationsTotal - migrationsDone,
    lastMigrationDurationMs: migrationsDone > 0 ? 1840 : null,
    dataMigrations: [
      {
        name: 'backfill-transfer-legs',
        done: phaseIndex > 2,
        progress: phaseIndex > 2 ? 1 : phaseIndex === 2 ? phaseProgress : 0,
      },
    ],
    replay: {
      nodes: healthy.map((n, k) => ({
        nodeId: n.id,
        currentOffset: Math.floor(REPLAY_TARGET * Math.min(1, replayShare * (1 - k * 0.15))),
        targetOffset: REPLAY_TARGET,
        status: replayShare >= 1 ? 'caught-up' : replayShare > 0 ? 'replaying' : 'waiting',
      })),
    },
    lifecycleIndexes: healthy.map((n) => ({
      nodeId: n.id,
      definitionFingerprint: `idx-transfer-legs-v3-${n.id}`,
      ready: indexShare >= 1,
      cursor: Math.floor(LIFECYCLE_ROWS * indexShare),
      remainingSourceRows: LIFECYCLE_ROWS - Math.floor(LIFECYCLE_ROWS * indexShare),
    })),
  };
}
