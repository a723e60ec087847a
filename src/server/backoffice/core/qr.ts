// The enrolment QR code, drawn here as an SVG: the TOTP secret never goes to a third-party service.
import qrcode from 'qrcode-generator';

export function qrSvg(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true });
}
