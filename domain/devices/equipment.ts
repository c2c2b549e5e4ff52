import * as z from 'zod';
import { MESSAGES } from '../core/messages';

/**
 * The equipment a sensor watches (SPEC section 3 "equipment (type, make, model,
 * refrigerant)"): what kind of unit it is, who made it, its model, and the refrigerant it
 * runs on, which matters for service and leak reporting.
 */
export const EQUIPMENT_TYPES = [
  'walkInCooler', 'walkInFreezer', 'reachInRefrigerator', 'reachInFreezer', 'vaccineRefrigerator', 'blastChiller',
  'displayCase', 'preparationTable', 'hotHoldingCabinet', 'iceMachine', 'fryer', 'dishwasher', 'other',
] as const;
export type EquipmentType = (typeof EQUIPMENT_TYPES)[number];

/** Common refrigerants (ASHRAE numbers); `other` for the rest. */
export const REFRIGERANTS = ['R-134a', 'R-404A', 'R-407C', 'R-410A', 'R-448A', 'R-449A', 'R-290', 'R-600a', 'R-744', 'R-717', 'other'] as const;
export type Refrigerant = (typeof REFRIGERANTS)[number];

export const EQUIPMENT_TEXT_MAX = 50;

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const optionalText = z.preprocess(blankToUndefined, z.string().trim().max(EQUIPMENT_TEXT_MAX, { error: MESSAGES.equipmentTextMax }).optional());

/** PUT /sensors/{id}/equipment: every field optional (an empty form clears them). */
export const equipmentInputSchema = z.object({
  type: z.preprocess(blankToUndefined, z.enum(EQUIPMENT_TYPES, { error: MESSAGES.equipmentTypeInvalid }).optional()),
  make: optionalText,
  model: optionalText,
  refrigerant: z.preprocess(blankToUndefined, z.enum(REFRIGERANTS, { error: MESSAGES.refrigerantInvalid }).optional()),
});
export type EquipmentInput = z.infer<typeof equipmentInputSchema>;
export type EquipmentFormValues = z.input<typeof equipmentInputSchema>;

/** A sensor's equipment as the API returns it. */
export const equipmentSchema = z.object({
  type: z.enum(EQUIPMENT_TYPES).optional(),
  make: z.string().optional(),
  model: z.string().optional(),
  refrigerant: z.enum(REFRIGERANTS).optional(),
  updatedAt: z.string().optional(),
  updatedBy: z.string().optional(),
});
export type Equipment = z.infer<typeof equipmentSchema>;
