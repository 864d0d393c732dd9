import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** The otpauth URL drawn as a QR code (an image from a data URL: the page's CSP allows data: images). */
export default function EnrolQr({ url, label }: { url: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 220 }).then((data) => live && setSrc(data));
    return () => {
      live = false;
    };
  }, [url]);
  return src ? <img className="console-qr" src={src} alt={label} width={220} height={220} /> : <div className="console-qr console-qr--loading" />;
}
