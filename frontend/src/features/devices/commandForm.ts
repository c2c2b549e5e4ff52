import { z } from 'zod';
import { DEVICE_COMMANDS, type DeviceCommandInput, type DeviceCommandName } from '@domain/devices/device-commands';
import { localToIso } from './localTime';

/**
 * The parameters form of a device command, read from the command catalogue's schemas, so the
 * ranges and messages the browser shows are the ones the API applies.
 */
export type ParameterField =
  | { name: string; kind: 'number'; min?: number; max?: number }
  | { name: string; kind: 'text' | 'secret'; maxLength?: number }
  | { name: string; kind: 'time' };

function shapeOf(command: DeviceCommandName): Record<string, z.ZodType> {
  const parameters: z.ZodType = DEVICE_COMMANDS[command].parameters;
  return parameters instanceof z.ZodObject ? (parameters.shape as Record<string, z.ZodType>) : {};
}

/** The fields a command's form shows, in the catalogue's order. */
export function parameterFields(command: DeviceCommandName): ParameterField[] {
  const secrets: readonly string[] = 'secretParameters' in DEVICE_COMMANDS[command] ? (DEVICE_COMMANDS[command] as { secretParameters: readonly string[] }).secretParameters : [];
  return Object.entries(shapeOf(command)).map(([name, schema]): ParameterField => {
    if (schema instanceof z.ZodNumber) {
      return { name, kind: 'number', ...(schema.minValue === null ? {} : { min: schema.minValue }), ...(schema.maxValue === null ? {} : { max: schema.maxValue }) };
    }
    if (schema instanceof z.ZodString) {
      return { name, kind: secrets.includes(name) ? 'secret' : 'text', ...(schema.maxLength === null ? {} : { maxLength: schema.maxLength }) };
    }
    // The catalogue's other parameters are times (ISO strings made from what the user picks).
    return { name, kind: 'time' };
  });
}

export type CommandFormResult = { ok: true; input: DeviceCommandInput } | { ok: false; errors: Record<string, string> };

/** The form's texts as the command's parameters, checked by the catalogue's schema; or each field's message. */
export function commandInputFrom(command: DeviceCommandName, values: Record<string, string>): CommandFormResult {
  const raw: Record<string, unknown> = {};
  for (const field of parameterFields(command)) {
    const text = (values[field.name] ?? '').trim();
    if (field.kind === 'number') raw[field.name] = text === '' ? undefined : Number(text);
    else if (field.kind === 'time') raw[field.name] = localToIso(text);
    else raw[field.name] = values[field.name] ?? '';
  }
  const parsed = DEVICE_COMMANDS[command].parameters.safeParse(raw);
  if (parsed.success) return { ok: true, input: { command, parameters: raw } };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? '');
    errors[name] ??= issue.message;
  }
  return { ok: false, errors };
}
