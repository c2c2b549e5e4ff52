import { conflict, notFound } from '../core/errors';
import { MESSAGES } from '../core/messages';
import type { ScheduledSensorChange, SensorDisable } from './sensor';

/**
 * Disabling and enabling a sensor, now or at a time (SPEC section 3 "Disable / Enable"): the
 * rules alone, no I/O. Each takes the sensor's disable state and answers the state it moves to,
 * or refuses with the spec's words; the store writes the answer in one transaction.
 */
export interface DisableState<Change extends ScheduledSensorChange = ScheduledSensorChange> {
  disabled: boolean;
  disable?: SensorDisable;
  /** The changes waiting for their time, in the order they were asked for. */
  scheduledChanges: Change[];
}

/** The fields a rule may change; one set to undefined is cleared. */
export type DisableChange<Change extends ScheduledSensorChange> = Partial<DisableState<Change>> & Pick<DisableState<Change>, 'scheduledChanges'>;

/** Disables now (readings are still stored, flagged); the enable asked for replaces every pending change. */
export function disableNow<Change extends ScheduledSensorChange>(
  state: DisableState<Change>,
  request: { now: string; by: string; reason: string; enable?: Change },
): DisableChange<Change> {
  if (state.disabled) throw conflict(MESSAGES.sensorAlreadyDisabled);
  const disable: SensorDisable = {
    disabledOn: request.now, disabledBy: request.by, reason: request.reason, ...(request.enable ? { enableOn: request.enable.at } : {}),
  };
  return { disabled: true, disable, scheduledChanges: request.enable ? [request.enable] : [] };
}

/** Schedules a disable (and the enable after it, if asked): they replace the changes pending. */
export function scheduleDisable<Change extends ScheduledSensorChange>(
  state: DisableState<Change>,
  request: { disable: Change; enable?: Change },
): DisableChange<Change> {
  if (state.disabled) throw conflict(MESSAGES.sensorAlreadyDisabled);
  return { scheduledChanges: [request.disable, ...(request.enable ? [request.enable] : [])] };
}

/** Enables now; every pending change is dropped (the history keeps the disable). */
export function enableNow<Change extends ScheduledSensorChange>(state: DisableState<Change>): DisableChange<Change> {
  if (!state.disabled) throw conflict(MESSAGES.sensorNotDisabled);
  return { disabled: false, disable: undefined, scheduledChanges: [] };
}

/**
 * Schedules an enable, after a pending disable if there is one (a sensor neither disabled nor
 * about to be has nothing to enable); it replaces a pending enable, and a current disable
 * shows the new date.
 */
export function scheduleEnable<Change extends ScheduledSensorChange>(
  state: DisableState<Change>,
  enable: Change,
): DisableChange<Change> {
  const pendingDisable = state.scheduledChanges.find((change) => change.action === 'disable');
  if (!state.disabled && pendingDisable === undefined) throw conflict(MESSAGES.sensorNotDisabled);
  if (pendingDisable !== undefined && enable.at <= pendingDisable.at) throw conflict(MESSAGES.enableOnBeforeDisable);
  const scheduledChanges = [...state.scheduledChanges.filter((change) => change.action !== 'enable'), enable];
  return state.disable !== undefined ? { scheduledChanges, disable: { ...state.disable, enableOn: enable.at } } : { scheduledChanges };
}

/** Cancels one pending change; cancelling the enable takes its date off the current disable. */
export function cancelScheduled<Change extends ScheduledSensorChange>(state: DisableState<Change>, changeId: string): DisableChange<Change> {
  const cancelled = state.scheduledChanges.find((change) => change.id === changeId);
  if (cancelled === undefined) throw notFound(MESSAGES.sensorNoScheduledChange);
  const scheduledChanges = state.scheduledChanges.filter((change) => change.id !== changeId);
  if (cancelled.action === 'enable' && state.disable?.enableOn !== undefined) {
    const { enableOn: _dropped, ...disable } = state.disable;
    return { scheduledChanges, disable };
  }
  return { scheduledChanges };
}

/**
 * A due change taking effect (the schedule job). A change no longer pending (applied, cancelled
 * or replaced) is stale: nothing changes. A disable credits whoever asked for it, and carries
 * the date of the enable still pending.
 */
export function applyScheduled<Change extends ScheduledSensorChange>(
  state: DisableState<Change>,
  changeId: string,
  now: string,
): { change: Change; next: DisableChange<Change> } | 'stale' {
  const change = state.scheduledChanges.find((pending) => pending.id === changeId);
  if (change === undefined) return 'stale';
  const remaining = state.scheduledChanges.filter((pending) => pending.id !== changeId);
  if (change.action === 'enable') return { change, next: { disabled: false, disable: undefined, scheduledChanges: remaining } };
  const enable = remaining.find((pending) => pending.action === 'enable');
  const disable: SensorDisable = {
    disabledOn: now, disabledBy: change.requestedBy, reason: change.reason ?? '', ...(enable ? { enableOn: enable.at } : {}),
  };
  return { change, next: { disabled: true, disable, scheduledChanges: remaining } };
}
