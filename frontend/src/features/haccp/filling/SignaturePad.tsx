import { useEffect, useRef, useState, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

const HEIGHT = 180;

/**
 * A signature drawn with a finger, a pen or the mouse on a canvas (pointer events, so every
 * input alike); `onChange` gets it as a PNG data URL when a stroke ends, undefined when cleared.
 */
export function SignaturePad({ value, onChange, disabled, label }: { value: string | undefined; onChange: (value: string | undefined) => void; disabled?: boolean; label: string }) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const drawing = useRef(false);
  const [hasInk, setHasInk] = useState(value !== undefined);

  // The canvas as wide as its box, in device pixels, so the line is sharp; an earlier signature drawn back.
  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (canvas === null || context === null || context === undefined) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.max(1, canvas.clientWidth) * ratio;
    canvas.height = HEIGHT * ratio;
    context.scale(ratio, ratio);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#111';
    if (value !== undefined) {
      const image = new Image();
      image.onload = () => context.drawImage(image, 0, 0, canvas.clientWidth, HEIGHT);
      image.src = value;
    }
    // Painted back at mount only: later values come from this pad itself.
  }, []);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    const context = event.currentTarget.getContext('2d');
    if (context === null) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext('2d');
    if (context === null) return;
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
  };
  const end = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    setHasInk(true);
    onChange(event.currentTarget.toDataURL('image/png'));
  };
  const clear = () => {
    const canvas = canvasRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    setHasInk(false);
    onChange(undefined);
  };

  return (
    <Stack spacing={1}>
      <Box
        component="canvas"
        ref={canvasRef}
        role="img"
        aria-label={label}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        sx={{ width: '100%', height: HEIGHT, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff', touchAction: 'none', cursor: disabled ? 'default' : 'crosshair' }}
      />
      <Button variant="outlined" onClick={clear} disabled={disabled === true || !hasInk} sx={{ minHeight: 48, alignSelf: 'flex-start' }}>{t('haccpFilling.clearSignature')}</Button>
    </Stack>
  );
}
