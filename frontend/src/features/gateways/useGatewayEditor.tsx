import { useState, type ReactNode } from 'react';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import type { Gateway, GatewayInput } from '@domain/devices/gateway';
import { useErrorText } from '../../components/useErrorText';
import { deleteGateway, gatewayKey, isGatewayListKey } from '../../api/gateways';
import { useClientState } from '../../session/clientState';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { GatewayFormDialog } from './GatewayFormDialog';
import type { GatewayImagePlan } from './GatewayImagesField';
import { GatewaySavedWithoutImages, saveGateway } from './saveGateway';
import type { Places } from './usePlaces';

type Editing = { mode: 'add' } | { mode: 'edit'; gateway: Gateway };

export interface GatewayEditor {
  add(): void;
  edit(gateway: Gateway): void;
  remove(gateway: Gateway): void;
  /** The form and the delete confirmation, to render once on the page. */
  dialogs: ReactNode;
}

/**
 * Adding, editing and deleting a gateway, the same from the list and from the detail: the
 * form, the toasts, the delete confirmation with the refusal (notes or sensors, naming the
 * gateway and its sensor count) in the user's language, and the lists refreshed.
 */
export interface GatewayEditorOptions {
  places: Places;
  onSaved?(gateway: Gateway): void;
  onDeleted?(gateway: Gateway): void;
  /** Shows a refused delete (its text in the user's language) on the page; a toast otherwise. */
  onDeleteRefused?(message: string): void;
}

export function useGatewayEditor({ places, onSaved, onDeleted, onDeleteRefused }: GatewayEditorOptions): GatewayEditor {
  const { t } = useTranslation();
  // The delete refusal comes filled in (the gateway's name and counts): translated with its values.
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const { mutate } = useSWRConfig();
  const { selectedLocation } = useClientState();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<{ gateway: Gateway; open: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const toastError = (failure: unknown) => enqueueSnackbar(errorText(failure), { variant: 'error' });

  const refresh = async (gateway: Gateway) => {
    await mutate(gatewayKey(gateway.id), gateway, { revalidate: false });
    await mutate(isGatewayListKey);
  };

  const save = async (input: GatewayInput, images: GatewayImagePlan) => {
    const existing = editing?.mode === 'edit' ? editing.gateway : undefined;
    let saved: Gateway;
    try {
      saved = await saveGateway(existing, input, images);
    } catch (failure) {
      if (failure instanceof GatewaySavedWithoutImages) {
        // The gateway exists now: the form goes on editing it, with why its images are missing.
        await refresh(failure.gateway);
        toastError(failure.cause);
        setEditing({ mode: 'edit', gateway: failure.gateway });
        throw failure.cause;
      }
      toastError(failure);
      throw failure;
    }
    enqueueSnackbar(t(existing ? 'gateways.updated' : 'gateways.created', { name: saved.name }), { variant: 'success' });
    setEditing(null);
    await refresh(saved);
    onSaved?.(saved);
  };

  const confirmDelete = async () => {
    if (deleting === null) return;
    const { gateway } = deleting;
    setBusy(true);
    try {
      await deleteGateway(gateway.id);
      enqueueSnackbar(t('gateways.deleted', { name: gateway.name }), { variant: 'success' });
      await mutate(isGatewayListKey);
      onDeleted?.(gateway);
    } catch (failure) {
      // SPEC section 8: refused while it has notes or sensors, naming it and its sensor count.
      if (onDeleteRefused) onDeleteRefused(errorText(failure));
      else toastError(failure);
    } finally {
      setBusy(false);
      setDeleting((current) => (current === null ? null : { ...current, open: false }));
    }
  };

  const dialogs = (
    <>
      {editing !== null && (
        <GatewayFormDialog
          key={editing.mode === 'edit' ? editing.gateway.id : 'new'}
          {...(editing.mode === 'edit' ? { gateway: editing.gateway } : { placement: selectedLocation ?? {} })}
          places={places}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting?.open ?? false}
        title={t('gateways.deleteTitle')}
        message={deleting === null ? '' : t('gateways.deleteConfirm', { name: deleting.gateway.name })}
        confirmLabel={t('gateways.delete')}
        cancelLabel={t('gateways.cancel')}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting((current) => (current === null ? null : { ...current, open: false }))}
      />
    </>
  );

  return {
    add: () => setEditing({ mode: 'add' }),
    edit: (gateway) => setEditing({ mode: 'edit', gateway }),
    remove: (gateway) => setDeleting({ gateway, open: true }),
    dialogs,
  };
}
