/**
 * The devices feature's public entry: what other features use of it, and all they may import.
 * Its screens are not here: the route table (app/routes.tsx) loads each lazily, as a chunk of its own.
 */
export { DeviceCommandsTab } from './DeviceCommandsTab';
export { DeviceDetailHeader, DeviceTabs, useDeviceTab } from './DeviceDetailLayout';
export { DeviceFilesTab } from './DeviceFilesTab';
export { DeviceHistoryTab } from './DeviceHistoryTab';
export { DeviceNotesTab } from './DeviceNotesTab';
export { ConfirmDeleteDialog, DeviceRecordTable } from './DeviceRecordTable';
export { base64Of, fileSize, saveBase64File } from './files';
export { fromLocalInput, localToIso, toLocalInput } from './localTime';
