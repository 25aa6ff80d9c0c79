import { Download, Printer } from "lucide-react";
import { CopyButton } from "~/components/admin/copy-button";
import { Button } from "~/components/ui/button";
import { buttonVariants } from "~/components/ui/button";
import { recoveryCodesText } from "~/modules/accounts/recovery-codes";
import { cn } from "~/utils/cn";

/**
 * The pieces of Mi cuenta's two-factor enrolment (app/routes/admin/account.tsx): the QR code with
 * the key beside it, the recovery codes with their ways out of the screen (download, print,
 * copy). Made for someone who has never set up an authenticator app: every step says what to do
 * with the phone in hand, and nothing needs the keyboard but the final 6 digits.
 */

/** The key as a person copies it by hand: groups of four (the app ignores the spaces). */
export function groupInFours(key: string) {
  return key.match(/.{1,4}/g)?.join(" ") ?? key;
}

/** The QR code (an SVG drawn by the server) and, beside it, the same key as text. */
export function QrAndKey({ qrSvg, secret, uri }: { qrSvg: string; secret: string; uri: string }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start print:hidden">
      <div
        className="size-48 shrink-0 self-center rounded-field border border-border bg-white p-1 sm:self-start [&>svg]:size-full"
        // qr-code.server.ts: qrcode's SVG (paths only), role="img" with a Spanish name.
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <div className="flex min-w-0 flex-col gap-2">
        <p>
          Abre tu aplicación de autenticación (Google Authenticator, Microsoft Authenticator,
          FreeOTP o la de tu gestor de contraseñas), pulsa «Añadir» o «+» y escanea el código.
        </p>
        <p className="text-sm text-muted">¿No puedes escanearlo? Escribe esta clave en la app:</p>
        <p
          id="clave-secreta"
          className="rounded-field bg-sand p-3 font-mono text-lg tracking-wide break-words"
        >
          <span className="sr-only">Clave secreta: </span>
          <span data-testid="totp-secret">{groupInFours(secret)}</span>
        </p>
        <div className="flex flex-wrap items-start gap-3">
          <CopyButton text={secret} selectId="clave-secreta" label="la clave" />
          <a
            href={uri}
            className={cn(
              buttonVariants({ variant: "ghost-primary", size: "compact", wrap: true }),
              "underline",
            )}
          >
            En el móvil, <span className="ml-1">abrir el enlace de configuración</span>
          </a>
        </div>
      </div>
    </div>
  );
}

/**
 * The recovery codes with their ways out: a .txt download (a data: link, so it works without
 * JavaScript), print (only this block goes on paper) and copy.
 */
export function RecoveryCodes({
  codes,
  issuer,
  email,
  children,
}: {
  codes: string[];
  issuer: string;
  email: string;
  children?: React.ReactNode;
}) {
  const text = recoveryCodesText(codes, issuer, email);
  return (
    <div className="recovery-codes rounded-field border border-border bg-sand p-4">
      <h3 className="font-semibold">Códigos de recuperación</h3>
      <p className="mt-1 text-sm">
        Si pierdes el móvil, cada código te deja entrar una vez. Guárdalos fuera del móvil: en papel
        o en tu gestor de contraseñas. No se volverán a mostrar.
      </p>
      <ul
        id="codigos-de-recuperacion"
        className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 font-mono text-lg"
        aria-label="Códigos de recuperación"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-start gap-2 print:hidden">
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="codigos-de-recuperacion.txt"
          className={buttonVariants({ variant: "outline", size: "compact" })}
        >
          <Download aria-hidden="true" className="size-4" /> Descargar (.txt)
        </a>
        <Button type="button" variant="outline" size="compact" onClick={() => window.print()}>
          <Printer aria-hidden="true" /> Imprimir
        </Button>
        <CopyButton text={text} selectId="codigos-de-recuperacion" label="los códigos" />
      </div>
      {children}
    </div>
  );
}
