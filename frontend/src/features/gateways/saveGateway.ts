import type { Gateway, GatewayInput } from '@domain/devices/gateway';
import { deleteDeviceFile, uploadDeviceFile } from '../../api/deviceRecords';
import { createGateway, updateGateway } from '../../api/gateways';
import type { GatewayImagePlan } from './GatewayImagesField';

/** The gateway was added, but its images could not all be stored: the form goes on editing it. */
export class GatewaySavedWithoutImages extends Error {
  override readonly name = 'GatewaySavedWithoutImages';

  constructor(readonly gateway: Gateway, override readonly cause: unknown) {
    super('The gateway was saved without its images.');
  }
}

/** Uploads images one after the other (each a presigned PUT), answering their file ids. */
async function uploadImages(gatewayId: string, files: readonly File[]): Promise<string[]> {
  const ids: string[] = [];
  for (const file of files) ids.push((await uploadDeviceFile('gateways', gatewayId, file, 'image')).id);
  return ids;
}

/**
 * Saves a gateway with its images. Images are files of the gateway, so a new gateway is
 * added first, its images uploaded, then it is saved again naming them. Images removed from
 * an edited gateway have their files deleted afterwards (best effort: a file left over is
 * listed nowhere and harms nothing).
 */
export async function saveGateway(existing: Gateway | undefined, input: GatewayInput, images: GatewayImagePlan): Promise<Gateway> {
  if (existing === undefined) {
    const created = await createGateway({ ...input, imageFileIds: [] });
    if (images.add.length === 0) return created;
    try {
      const uploaded = await uploadImages(created.id, images.add);
      return await updateGateway(created.id, { ...input, imageFileIds: uploaded });
    } catch (failure) {
      throw new GatewaySavedWithoutImages(created, failure);
    }
  }
  const uploaded = await uploadImages(existing.id, images.add);
  const saved = await updateGateway(existing.id, { ...input, imageFileIds: [...images.keep, ...uploaded] });
  const removed = existing.imageFileIds.filter((id) => !saved.imageFileIds.includes(id));
  await Promise.all(removed.map((id) => deleteDeviceFile('gateways', existing.id, id).catch(() => undefined)));
  return saved;
}
