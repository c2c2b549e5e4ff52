/**
 * The alarms feature's public entry: what other features use of it, and all they may import.
 * Its screens are not here: the route table (app/routes.tsx) loads each lazily, as a chunk of its own.
 */
export { AlarmCards } from './AlarmCards';
export { alarmColumns, alarmPath } from './alarmColumns';
export { SignalStrength } from './AlarmLegend';
export { CHANNEL_ICONS, useNotificationKindText } from './AlarmNotifications';
export { mayAcknowledge, maySnooze } from './alarmPresentation';
export { useAlarmActions } from './useAlarmActions';
export { useAlarmValueText } from './useAlarmValueText';
